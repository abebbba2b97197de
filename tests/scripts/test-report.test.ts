import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedPlaywrightTests, failedVitestTests } from '../../scripts/test-report.mjs';

// The reports come from real runs of vitest and Playwright on throwaway test files, so a change in
// either report's shape fails here rather than leaving CI's last lines without the failing names.
// Inside the project, so the test files resolve vitest and @playwright/test.
mkdirSync('node_modules/.cache', { recursive: true });
const dir = mkdtempSync(path.resolve('node_modules/.cache/spar-test-report-'));
const bin = (name: string) => path.resolve('node_modules/.bin', name);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runIn(command: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(command, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', ...env },
    timeout: 60_000,
  });
}

describe('failing test names for the end of npm test', () => {
  it('names each failing vitest test by file and full name, and a file that did not load', () => {
    writeFileSync(
      path.join(dir, 'mixed.test.mjs'),
      `import { describe, expect, it } from 'vitest';
       describe('the room', () => {
         it('passes', () => expect(1).toBe(1));
         it('fails', () => expect(1).toBe(2));
       });
       it('fails at the top', () => expect(true).toBe(false));`,
    );
    writeFileSync(path.join(dir, 'broken.test.mjs'), `throw new Error('cannot load\\nsecond line');`);
    writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default {};');
    const run = runIn(bin('vitest'), ['run', '--reporter=json', '--outputFile.json=vitest.json']);
    expect(run.status).not.toBe(0);
    const report: unknown = JSON.parse(readFileSync(path.join(dir, 'vitest.json'), 'utf8'));
    expect(failedVitestTests(report, dir).sort()).toEqual([
      'broken.test.mjs › (did not run: cannot load)',
      'mixed.test.mjs › fails at the top',
      'mixed.test.mjs › the room fails',
    ]);
  });

  it('names each unexpected Playwright failure by file, line and titles', () => {
    writeFileSync(
      path.join(dir, 'flow.spec.mjs'),
      `import { test, expect } from '@playwright/test';
test('passes', () => expect(1).toBe(1));
test.describe('the shell', () => {
  test('fails', () => expect(1).toBe(2));
  test.fail('fails as expected', () => expect(1).toBe(2));
});`,
    );
    writeFileSync(
      path.join(dir, 'playwright.config.mjs'),
      `export default { testDir: '.', testMatch: '*.spec.mjs', retries: 0 };`,
    );
    const run = runIn(bin('playwright'), ['test', '--reporter=json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: 'playwright.json',
    });
    expect(run.status).not.toBe(0);
    const report: unknown = JSON.parse(readFileSync(path.join(dir, 'playwright.json'), 'utf8'));
    expect(failedPlaywrightTests(report)).toEqual(['flow.spec.mjs:4 › the shell › fails']);
  });

  it('has nothing to name when a report is missing', () => {
    expect(failedVitestTests(null)).toEqual([]);
    expect(failedPlaywrightTests(undefined)).toEqual([]);
  });
});
