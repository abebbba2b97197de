import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium: these machines cannot download Playwright's own browsers. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3917);
/** The fake Google identity provider (tests/e2e/global-setup.ts) both servers sign in through. */
const fakeGoogle = `http://127.0.0.1:${port + 1000}`;

/**
 * The suite runs in two lanes side by side, each a server with a database of its own and one
 * worker: the whole-game tests spend most of their time waiting for the table's pacing, not
 * computing, so two lanes on two cores take about half as long (docs/testing.md, "End-to-end").
 * A lane's tests run one after another as before, so two players queueing for a match never meet
 * another test's players. Lane 2 takes the files listed here, lane 1 every other file; the split
 * balances their recorded durations.
 */
const LANE_2 = [
  'multiplayer.spec.ts',
  'watch.spec.ts',
  'social.spec.ts',
  'seats.spec.ts',
  'rematch-players.spec.ts',
  'screens.spec.ts',
  'decks.spec.ts',
  'polish.spec.ts',
];

/**
 * Each lane's data folder, made once by the runner and inherited by the test workers through the
 * environment, so a test can run the server's own CLI (`npm run user:role`) on its lane's database
 * (tests/e2e/helpers.ts, `laneDataDir`).
 */
for (const lane of [1, 2])
  process.env[`E2E_DATA_DIR_${lane}`] ??= mkdtempSync(path.join(tmpdir(), 'spar-e2e-'));

function lane(n: 1 | 2) {
  const lanePort = port + n - 1;
  const dataDir = process.env[`E2E_DATA_DIR_${n}`]!;
  const baseURL = `http://127.0.0.1:${lanePort}`;
  const server = {
    // Exactly what `npm start` runs: it rebuilds anything stale, then serves the production build.
    // Playwright starts the servers one after the other, so only the first can find work to do.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(lanePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Payment checkouts come back here: the same origin as the browser's session.
      PUBLIC_URL: baseURL,
      // Several browser tests register players from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      BOT_DELAY_MS: '60',
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
  };
  const files = LANE_2.map((file) => `**/${file}`);
  const project = {
    name: `lane ${n}`,
    workers: 1,
    metadata: { dataDir },
    use: { baseURL },
    ...(n === 2 ? { testMatch: files } : { testIgnore: files }),
  };
  return { server, project };
}

const lanes = [lane(1), lane(2)];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: lanes.length,
  retries: 0,
  timeout: 30_000,
  // A page's lazy chunk can take over 5 s to appear on a loaded two-core machine; a wait that
  // succeeds costs no more with a longer limit.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
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
  projects: lanes.map((l) => l.project),
  webServer: lanes.map((l) => l.server),
});
