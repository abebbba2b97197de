import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFloor, nodeVersionProblem } from '../../scripts/node-version.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };

describe('the Node.js version npm start accepts (docs/operations.md, "Node.js")', () => {
  it('reads the floor from package.json engines, which allows 22.12 and up', () => {
    expect(pkg.engines.node).toBe('>=22.12');
    expect(nodeFloor(pkg.engines.node)).toEqual([22, 12, 0]);
    expect(nodeFloor('>= 24')).toEqual([24, 0, 0]);
    expect(() => nodeFloor('^22.12 || >=24')).toThrow(/engines\.node must read ">=X\.Y\.Z"/);
  });

  it('accepts the floor, newer minors and majors, and refuses anything older', () => {
    const range = pkg.engines.node;
    for (const version of ['v22.12.0', 'v22.12.1', 'v22.20.0', 'v24.0.0', 'v24.22.3', 'v25.1.0']) {
      expect(nodeVersionProblem(version, range), version).toBeNull();
    }
    for (const version of ['v20.19.5', 'v20.20.2', 'v22.11.9', 'v22.0.0', 'v18.20.0']) {
      expect(nodeVersionProblem(version, range), version).toMatch(/^Spar needs Node\.js 22\.12\.0 or newer/);
    }
  });

  it('says in one line which Node this is and how to get Node 24', () => {
    const problem = nodeVersionProblem('v20.20.2', '>=22.12')!;
    expect(problem.split('\n')).toHaveLength(1);
    expect(problem).toContain('this is Node.js 20.20.2');
    expect(problem).toContain('install Node 24');
    expect(problem).toContain('source scripts/provision-node.sh');
  });

  it('.nvmrc pins a Node 24 release that package.json allows', () => {
    const pinned = readFileSync('.nvmrc', 'utf8').trim();
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(nodeVersionProblem(`v${pinned}`, pkg.engines.node)).toBeNull();
  });

  it('npm start on Node 20 prints that one line and exits 1 before building or serving anything', () => {
    // This Node, told it is 20.19.0 before scripts/start.mjs loads. PATH holds no npm, so a start
    // that went on past the check could not build; its output would show it tried.
    const pretend = 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.19.0"})';
    const result = spawnSync(process.execPath, ['--import', pretend, path.resolve('scripts/start.mjs')], {
      encoding: 'utf8',
      env: { PATH: path.dirname(process.execPath), PORT: '0' },
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([nodeVersionProblem('v20.19.0', pkg.engines.node)]);
  });
});
