import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium: these machines cannot download Playwright's own browsers. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3917);
/** The fake Google identity provider (tests/e2e/global-setup.ts) the app signs in through. */
const fakeGoogle = `http://127.0.0.1:${port + 1000}`;

/**
 * The server's data folder, made once by the runner and inherited by the test workers through the
 * environment, so a test can run the server's own CLI (`npm run user:role`) on the same database
 * (tests/e2e/helpers.ts, `serverDataDir`).
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'spar-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // One worker against one server: two lanes side by side, each a server and a database of its
  // own, made each test slower on two cores and timed some out (docs/operations.md, "Tests and CI").
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // A page's lazy chunk can take over 5 s to appear on a loaded two-core machine; a wait that
  // succeeds costs no more with a longer limit.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', metadata: { dataDir } }],
  webServer: {
    // Exactly what `npm start` runs: it rebuilds anything stale, then serves the production build.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Payment checkouts come back here: the same origin as the browser's session.
      PUBLIC_URL: baseURL,
      // Several browser tests register players from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      BOT_DELAY_MS: '60',
      // Games end at 4 points, not 10: at most 3 points go to a hand, so every game still has at
      // least two hands (a hand's result, then a new deal), and a whole game takes a third of the
      // time. The rules' 10 is the server suites' and the device practice's (docs/operations.md).
      GAME_TARGET_SCORE: '4',
      // A tournament "minute" of 8 s: the shortest arena (15 minutes) is over in two, time enough
      // for a few games to 3 (tests/e2e/tournaments.spec.ts).
      TOURNAMENT_MINUTE_MS: '8000',
      // The browser suite runs on its own embedded database; the server suites cover PostgreSQL.
      DATABASE_URL: '',
      // Google sign-in against the fake identity provider (its default client: fake-google.ts).
      GOOGLE_CLIENT_ID: 'spar-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'fake-google-secret',
      GOOGLE_AUTH_URL: `${fakeGoogle}/authorize`,
      GOOGLE_TOKEN_URL: `${fakeGoogle}/token`,
      GOOGLE_JWKS_URL: `${fakeGoogle}/jwks`,
      GOOGLE_ISSUER: fakeGoogle,
      // …and as one node: Playwright passes CI's REDIS_URL on, which would share live state with other runs.
      REDIS_URL: '',
    },
  },
});
