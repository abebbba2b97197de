import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALONE } from '../../vitest.config';

/** What marks a test file that starts processes of its own: see vitest.config.ts. */
const STARTS_PROCESSES = /testing\/nodes|testing\/crash-server|dist\/server\/main|\bspawn\(/;

const testFiles = execFileSync('git', ['ls-files', '*.test.ts', '*.test.tsx'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

describe('Vitest groups (docs/operations.md, "Tests and CI")', () => {
  it('runs every test file that starts processes alone', () => {
    const starters = testFiles.filter((file) => STARTS_PROCESSES.test(readFileSync(file, 'utf8')));
    expect(starters.length).toBeGreaterThanOrEqual(4);
    expect(starters.filter((file) => !ALONE.includes(file))).toEqual([]);
  });

  it('names only test files that exist', () => {
    expect(ALONE.filter((file) => !existsSync(file))).toEqual([]);
  });
});
