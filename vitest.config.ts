import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    include: ['{shared,server,renderer,electron,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: 60_000,
    // Vitest's default leaves one core free, which on our 2-core machines is one worker. The
    // suites mostly wait (on sockets, PostgreSQL, timers), and each test app has a database (or
    // schema) and Redis prefix of its own: two workers ran it in ~3 min against ~4.5 min
    // (docs/operations.md, "Tests and CI").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
