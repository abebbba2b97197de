// npm run user:role -- <username> <role>: gives a user the role user, manager or admin.
import { ROLES, type Role } from '@shared/protocol';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DomainError } from '../errors';

const [username, role] = process.argv.slice(2);
if (!username || !role || !ROLES.includes(role as Role)) {
  console.error(`usage: npm run user:role -- <username> <${ROLES.join('|')}>`);
  process.exit(2);
}

const app = await buildApp({ ...loadConfig(), logLevel: 'warn' }, { sweepIntervalMs: 0 });
try {
  const user = await app.accounts.setRole(username, role as Role);
  console.log(`${user.username} is now ${user.role}`);
} catch (error) {
  console.error(error instanceof DomainError ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
