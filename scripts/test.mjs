// `npm test`: lint, format check, typecheck, unit and integration tests (vitest), a production
// build, the desktop build, and the end-to-end suite in Debian's Chromium. Every step runs even
// after a failure, so one run shows everything that is wrong. Ends with one line "N passed,
// N failed" summing every suite (each of lint, format, typecheck, build and desktop build counts
// as one check) and writes the same figures to test-results/summary.json for .ci/run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { failedPlaywrightTests, failedVitestTests } from './test-report.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
// Each failing test by file and name, repeated at the very end: a CI log is often read from its
// tail only, and a flaky test must be identifiable from there.
const failedNames = [];

// How long each step took, printed at the end: where a slow CI run spends its time.
const durations = [];

function run(command, args, env = {}) {
  const line = [command, ...args].join(' ');
  console.log(`\n▶ ${line}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${((Date.now() - started) / 60_000).toFixed(1)} min  ${line}`);
  return result.status === 0;
}

function check(name, ok) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

check('lint', run('npx', ['eslint', '.', '--max-warnings=0']));
check('format', run('npx', ['prettier', '--check', '.', '--log-level=warn']));
check('typecheck', run('node', ['scripts/typecheck.mjs']));

const vitestOk = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/vitest.json`,
]);
const vitest = readJson(`${results}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitest.numFailedTests > 0) failures.push(`${vitest.numFailedTests} unit/integration tests`);
  failedNames.push(...failedVitestTests(vitest));
  // A suite that fails to load counts no tests but must still fail the run.
  if (!vitestOk && vitest.numFailedTests === 0) check('vitest (suite errors)', false);
} else {
  check('vitest (no report)', false);
}

const buildOk = run('npm', ['run', '--silent', 'build']);
check('build', buildOk);
// The desktop app's main, preload and renderer (packaging needs the Electron binary: docs/desktop.md).
check('desktop build', run('npm', ['run', '--silent', 'build:desktop']));
// The mobile app's renderer build and `cap sync` into the committed android/ and ios/ projects.
check('build:mobile', run('npm', ['run', '--silent', 'build:mobile']));

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`\n✖ The end-to-end suite needs Chromium at ${chromium} (apt-get install chromium).`);
  check('e2e (no chromium)', false);
} else if (buildOk) {
  const e2eOk = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`,
  });
  const stats = readJson(`${results}/playwright.json`)?.stats;
  if (stats) {
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    if (stats.unexpected > 0) failures.push(`${stats.unexpected} end-to-end tests`);
    failedNames.push(...failedPlaywrightTests(readJson(`${results}/playwright.json`)));
    if (!e2eOk && stats.unexpected === 0) check('e2e (suite errors)', false);
  } else {
    check('e2e (no report)', false);
  }
} else {
  check('e2e (skipped: build failed)', false);
}

writeFileSync(
  `${results}/summary.json`,
  JSON.stringify({ passed, failed, failures, failedTests: failedNames }, null, 2),
);
console.log('\nSteps:');
for (const line of durations) console.log(`  ${line}`);
console.log('');
for (const name of failedNames) console.log(`✖ ${name}`);
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
