import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm install && npm start` must work on a machine that reaches the npm registry only. npm runs
// a dependency's install script only when package.json's allowScripts approves it; a script left
// out is run or skipped depending on the npm version, so every one is decided here, and Electron's,
// which downloads its binary from GitHub, is denied (docs/desktop.md, "Build and package").
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

const withInstallScripts = Object.entries(lock.packages)
  .filter(([, entry]) => entry.hasInstallScript)
  .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

describe('dependency install scripts', () => {
  it('the lockfile has install scripts to decide (a check on this test itself)', () => {
    expect(withInstallScripts).toContain('better-sqlite3');
  });

  it('each one is approved or denied in package.json', () => {
    const decided = Object.keys(pkg.allowScripts ?? {});
    expect(withInstallScripts.filter((name) => !decided.includes(name))).toEqual([]);
  });

  it("Electron's binary download is denied, and the native SQLite build approved", () => {
    expect(pkg.allowScripts?.electron).toBe(false);
    expect(pkg.allowScripts?.['better-sqlite3']).toBe(true);
  });
});
