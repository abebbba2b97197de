import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections and waits for in-flight requests.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  if (error instanceof ConfigError) console.error(error.message);
  else if (code === 'EADDRINUSE')
    console.error(`Port already in use: ${(error as { port?: number }).port} (set PORT)`);
  else console.error(error);
  process.exit(1);
});
