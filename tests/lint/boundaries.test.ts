import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints `code` as if it lived at `filePath` and returns the rule ids that fired. */
async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries (docs/design.md, "Import directions")', () => {
  it('shared imports nothing of ours outside shared', async () => {
    expect(
      await rulesFired(
        'shared/game/x.ts',
        "import { buildApp } from '../../server/src/app';\nexport const a = buildApp;\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesFired(
        'shared/x.ts',
        "import { App } from '../renderer/src/app/App';\nexport const a = App;\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesFired('shared/x.ts', "import { DECK } from './game/cards';\nexport const a = DECK;\n"),
    ).toEqual([]);
  });

  it('renderer, server and electron never import each other', async () => {
    const cases: [string, string][] = [
      ['renderer/src/x.ts', "import { buildApp } from '../../server/src/app';\nexport const a = buildApp;\n"],
      ['server/src/x.ts', "import { App } from '../../renderer/src/app/App';\nexport const a = App;\n"],
      ['electron/main/x.ts', "import { App } from '../../renderer/src/app/App';\nexport const a = App;\n"],
      [
        'electron/preload/x.ts',
        "import { buildApp } from '../../server/src/app';\nexport const a = buildApp;\n",
      ],
      [
        'renderer/src/x.ts',
        "import { WINDOW_OPTIONS } from '../../electron/main/window-options';\nexport const a = WINDOW_OPTIONS;\n",
      ],
    ];
    for (const [file, code] of cases)
      expect(await rulesFired(file, code), file).toContain('boundaries/dependencies');
  });

  it('electron uses shared and its own files', async () => {
    expect(
      await rulesFired(
        'electron/preload/x.ts',
        "import { DESKTOP_BRIDGE_KEY } from '@shared/desktop-bridge';\nimport { IPC } from '../ipc-channels';\nexport const a = [DESKTOP_BRIDGE_KEY, IPC];\n",
      ),
    ).toEqual([]);
  });

  it('renderer features do not import each other, but may use their own files, lib and shared', async () => {
    const other = await rulesFired(
      'renderer/src/features/profile/components/X.tsx',
      "import { restoreAccount } from '../../session/api/restore-account';\nexport const a = restoreAccount;\n",
    );
    expect(other).toContain('boundaries/dependencies');
    const own = await rulesFired(
      'renderer/src/features/profile/components/X.tsx',
      "import { deleteAccount } from '../api/delete-account';\nimport { api } from '../../../lib/http';\nexport const a = [deleteAccount, api];\n",
    );
    expect(own).toEqual([]);
  });

  it('renderer features never import app/ (routes, pages, layout), which composes them', async () => {
    for (const code of [
      "import { createRouter } from '../../../app/routes';\nexport const a = createRouter;\n",
      "import { Layout } from '../../../app/Layout';\nexport const a = Layout;\n",
    ]) {
      expect(await rulesFired('renderer/src/features/games/components/X.tsx', code), code).toContain(
        'boundaries/dependencies',
      );
    }
    // Unit tests beside a feature's files are held to the same rule.
    expect(
      await rulesFired(
        'renderer/src/features/games/components/X.test.tsx',
        "import { routes } from '../../../app/routes';\nexport const a = routes;\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesFired(
        'renderer/src/features/games/components/X.tsx',
        "import { PATHS } from '../../../lib/paths';\nexport const a = PATHS;\n",
      ),
    ).toEqual([]);
    // app/ itself composes the features.
    expect(
      await rulesFired(
        'renderer/src/app/pages/x.tsx',
        "import { GamesPage } from '../../features/games/components/GamesPage';\nexport const a = GamesPage;\n",
      ),
    ).toEqual([]);
  });

  it('server rooms never import the feature modules; they may use the server core and shared', async () => {
    const cases = [
      "import { rateGame } from '../modules/ratings/repo';\nexport const a = rateGame;\n",
      "import type { GameService } from '../modules/games/service';\nexport type A = GameService;\n",
    ];
    for (const code of cases)
      expect(await rulesFired('server/src/rooms/x.ts', code), code).toContain('boundaries/dependencies');
    expect(
      await rulesFired(
        'server/src/rooms/x.ts',
        "import type { Timings } from '../config';\nimport { gameView } from './view';\nimport { DIALECTS } from '@shared/constants';\nexport const a = [gameView, DIALECTS];\nexport type T = Timings;\n",
      ),
    ).toEqual([]);
    // The store that implements the rooms' seam lives in a module, which may import rooms.
    expect(
      await rulesFired(
        'server/src/modules/games/x.ts',
        "import type { GameStore } from '../../rooms/store';\nexport type S = GameStore;\n",
      ),
    ).toEqual([]);
  });

  it('server realtime never imports the HTTP layer, but may use rooms and modules', async () => {
    expect(
      await rulesFired(
        'server/src/realtime/x.ts',
        "import { parseInput } from '../http/errors';\nexport const a = parseInput;\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesFired(
        'server/src/realtime/x.ts',
        "import { RoomError } from '../rooms/room';\nimport { AuthError } from '../errors';\nimport { hashToken } from '../modules/auth/crypto';\nexport const a = [RoomError, AuthError, hashToken];\n",
      ),
    ).toEqual([]);
  });

  it('every side may import shared through the @shared alias', async () => {
    for (const file of ['renderer/src/x.ts', 'server/src/x.ts', 'electron/main/x.ts']) {
      expect(
        await rulesFired(
          file,
          "import { APP_VERSION } from '@shared/constants';\nexport const a = APP_VERSION;\n",
        ),
        file,
      ).toEqual([]);
    }
  });

  it('shared stays pure: no Node APIs, no Math.random, no Date.now', async () => {
    expect(await rulesFired('shared/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await rulesFired('shared/x.ts', 'export const a = Math.random();\n')).toContain(
      'no-restricted-properties',
    );
    expect(await rulesFired('shared/x.ts', 'export const a = Date.now();\n')).toContain(
      'no-restricted-properties',
    );
  });
});

/**
 * Every import between our own files (relative or through @shared, resolved as the lint rules
 * resolve them), type-only ones included: a cycle among them fails the test with its path.
 */
describe('import cycles', () => {
  const require = createRequire(import.meta.url);
  const resolver = require('../../scripts/eslint-resolver.cjs') as {
    resolve(source: string, file: string): { found: boolean; path?: string };
  };
  const SPECIFIER =
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  }

  function importsOf(file: string, text: string): string[] {
    const found = new Set<string>();
    for (const match of text.matchAll(SPECIFIER)) {
      const resolved = resolver.resolve(match[1] ?? match[2]!, file);
      if (resolved.found) found.add(resolved.path!);
    }
    return [...found];
  }

  /** Depth-first search; returns each cycle as the files along it. */
  function findCycles(graph: Map<string, string[]>): string[][] {
    const cycles: string[][] = [];
    const done = new Set<string>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const visit = (file: string) => {
      stack.push(file);
      onStack.add(file);
      for (const next of graph.get(file) ?? []) {
        if (onStack.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
        else if (!done.has(next)) visit(next);
      }
      stack.pop();
      onStack.delete(file);
      done.add(file);
    };
    for (const file of graph.keys()) if (!done.has(file)) visit(file);
    return cycles;
  }

  it('finds a cycle when there is one, type-only imports and re-exports included', () => {
    // The two cycles this test was written against, as their files once read.
    const file = (name: string) => path.resolve('server/src', name);
    const graph = new Map([
      [
        file('db/index.ts'),
        importsOf(file('db/index.ts'), "import { StaticMigrationProvider } from './migrations';"),
      ],
      [
        file('db/migrations/index.ts'),
        importsOf(file('db/migrations/index.ts'), "import type { DialectName } from '../index';"),
      ],
      [file('rooms/room.ts'), importsOf(file('rooms/room.ts'), "export { gameView } from './view';")],
      [
        file('rooms/view.ts'),
        importsOf(file('rooms/view.ts'), "import type {\n  GameRoom,\n} from './room';"),
      ],
      [file('rooms/types.ts'), importsOf(file('rooms/types.ts'), "import { newGame } from '@shared/game';")],
    ]);
    expect(findCycles(graph).map((cycle) => cycle.map((f) => path.basename(f)))).toEqual([
      ['index.ts', 'index.ts', 'index.ts'],
      ['room.ts', 'view.ts', 'room.ts'],
    ]);
  });

  it('server, shared and renderer have no import cycle', () => {
    const graph = new Map<string, string[]>();
    for (const file of ['server', 'shared', 'renderer'].flatMap((dir) => sources(path.resolve(dir))))
      graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(process.cwd(), file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });
});
