import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';

/** An environment variable's name as the docs write it: `NAME` in code marks. */
const VARIABLE = /`([A-Z][A-Z0-9_]{2,})`/g;

/** Every variable the server's configuration looks up, found by handing it an environment that records each read. */
function variablesTheServerReads(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, key) {
      if (typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)) read.add(key);
      return undefined;
    },
  });
  loadConfig(env);
  return read;
}

/** The "Configuration" section of docs/operations.md: up to the next section of the same level. */
function configurationSection(): string {
  const doc = readFileSync('docs/operations.md', 'utf8');
  const start = doc.indexOf('\n## Configuration\n');
  expect(start).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

describe('docs/operations.md, "Configuration"', () => {
  const read = variablesTheServerReads();
  const documented = new Set([...configurationSection().matchAll(VARIABLE)].map((match) => match[1]!));

  it('names every variable the server reads', () => {
    expect(read.size).toBeGreaterThan(40);
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });

  it('names no server variable that the server does not read', () => {
    // What the section names outside the server: node's own flags and the web app's build.
    const outside = new Set(['NODE_OPTIONS', 'VITE_API_ORIGIN', 'VITE_NATIVE']);
    expect([...documented].filter((name) => !read.has(name) && !outside.has(name)).sort()).toEqual([]);
  });
});
