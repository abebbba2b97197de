import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test files that start server processes or pace real clients against wall-clock limits. They run
 * one at a time after the rest, with the machine to themselves: beside another test file on two
 * cores, a three-node cluster starts too slowly for its waits (docs/operations.md, "Tests and CI").
 */
export const ALONE = [
  'server/src/main.test.ts',
  'server/src/rooms/cluster.test.ts',
  'server/src/modules/storage/crash.test.ts',
  'server/src/modules/tournaments/payout-crash.test.ts',
  'server/src/realtime/limits.test.ts',
  'server/src/infra/redis/nodes.test.ts',
  'tests/scripts/run-server.test.ts',
  'tests/build/server-install.test.ts',
];

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Every test app has a database or schema and a Redis key prefix of its own, so the other
        // files run two at a time, one per core.
        test: {
          name: 'shared',
          include: ['{shared,server,renderer,electron,tests}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', 'tests/e2e/**', ...ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
