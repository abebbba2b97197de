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
        "import { GamesPage } from '../../features/lobby/components/GamesPage';\nexport const a = GamesPage;\n",
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

  /**
   * Each floor against the floors above it and beside it, and against one below: every import is
   * checked to resolve first, so an allowed case cannot pass only because its target is missing.
   * `fires` is true where the rule must report the import.
   */
  const resolver = createRequire(import.meta.url)('../../scripts/eslint-resolver.cjs') as {
    resolve(source: string, file: string): { found: boolean; path?: string };
  };
  async function checkFloor(cases: [file: string, specifier: string, fires: boolean][]): Promise<void> {
    for (const [file, specifier, fires] of cases) {
      const label = `${file} → ${specifier}`;
      expect(resolver.resolve(specifier, path.resolve(file)).found, label).toBe(true);
      const fired = await rulesFired(
        file,
        `import * as target from '${specifier}';\nexport const a = target;\n`,
      );
      if (fires) expect(fired, label).toContain('boundaries/dependencies');
      else expect(fired, label).toEqual([]);
    }
  }

  describe('server floors, bottom to top: core, infra, db, http | rooms, modules | matchmaking, realtime, app', () => {
    it('the core files (config, errors) import only shared and each other', async () => {
      await checkFloor([
        ['server/src/config.ts', './infra/bus', true],
        ['server/src/errors.ts', './db', true],
        ['server/src/errors.ts', './app', true],
        ['server/src/errors.ts', './config', false],
        ['server/src/infra/x.ts', '../errors', false],
      ]);
    });

    it('infra imports no floor above it', async () => {
      await checkFloor([
        ['server/src/infra/x.ts', '../db', true],
        ['server/src/infra/x.ts', '../modules/auth/crypto', true],
        ['server/src/infra/x.ts', '../rooms/types', true],
        ['server/src/infra/x.ts', '../config', false],
      ]);
    });

    it('db imports no floor above it', async () => {
      await checkFloor([
        ['server/src/db/x.ts', '../realtime/gateway', true],
        ['server/src/db/x.ts', '../modules/auth/repo', true],
        ['server/src/db/x.ts', '../http/auth', true],
        ['server/src/db/x.ts', '../rooms/types', true],
        ['server/src/db/x.ts', '../infra/bus', false],
      ]);
    });

    it('http and rooms stand side by side: neither imports the other or a floor above', async () => {
      await checkFloor([
        ['server/src/http/x.ts', '../modules/auth/service', true],
        ['server/src/http/x.ts', '../rooms/manager', true],
        ['server/src/http/x.ts', '../realtime/gateway', true],
        ['server/src/http/x.ts', '../db/schema', false],
        ['server/src/rooms/x.ts', '../http/errors', true],
        ['server/src/rooms/x.ts', '../realtime/gateway', true],
        ['server/src/rooms/x.ts', '../infra/bus', false],
      ]);
    });

    it('modules import no floor above them', async () => {
      await checkFloor([
        ['server/src/modules/games/x.ts', '../../realtime/gateway', true],
        ['server/src/modules/games/x.ts', '../../app', true],
        ['server/src/modules/games/x.ts', '../../http/auth', false],
        ['server/src/modules/games/x.ts', '../auth/repo', false],
      ]);
    });

    it('matchmaking stands beside the modules: it uses rooms, and realtime uses it', async () => {
      /** A stand-in file classified as server/src/matchmaking (see the fixture's comment). */
      const MATCHMAKING = 'tests/lint/fixtures/server/src/matchmaking/queue';
      const to = (file: string) => path.relative(path.dirname(file), MATCHMAKING);
      await checkFloor([
        ['server/src/matchmaking/x.ts', '../modules/ratings/repo', true],
        ['server/src/matchmaking/x.ts', '../realtime/gateway', true],
        ['server/src/matchmaking/x.ts', '../rooms/manager', false],
        ['server/src/modules/games/x.ts', to('server/src/modules/games/x.ts'), true],
        ['server/src/rooms/x.ts', to('server/src/rooms/x.ts'), true],
        ['server/src/realtime/x.ts', to('server/src/realtime/x.ts'), false],
      ]);
    });

    it('realtime imports neither the composition root nor the HTTP layer', async () => {
      await checkFloor([
        ['server/src/realtime/x.ts', '../app', true],
        ['server/src/realtime/x.ts', '../http/auth', true],
        ['server/src/realtime/x.ts', '../modules/auth/crypto', false],
      ]);
    });

    it('the composition root imports every floor; a test beside any floor may build the app', async () => {
      await checkFloor([
        ['server/src/x.ts', './realtime/gateway', false],
        ['server/src/x.ts', './http/auth', false],
        ['server/src/infra/x.test.ts', '../app', false],
        ['server/src/db/x.test.ts', '../testing/harness', false],
      ]);
    });
  });

  describe('renderer floors, bottom to top: platform, lib, components, domain, features, app, main', () => {
    /** A stand-in file classified as renderer/src/domain (see the fixture's comment). */
    const DOMAIN = 'tests/lint/fixtures/renderer/src/domain/wallet';
    const from = (file: string) => path.relative(path.dirname(file), DOMAIN);

    it('platform imports no floor above it', async () => {
      await checkFloor([
        ['renderer/src/platform/x.ts', '../lib/http', true],
        ['renderer/src/platform/x.ts', '../components/PageHeader', true],
      ]);
    });

    it('lib (infrastructure) imports platform only: no domain data, components, features or app', async () => {
      await checkFloor([
        ['renderer/src/lib/x.ts', from('renderer/src/lib/x.ts'), true],
        ['renderer/src/lib/x.ts', '../components/PageHeader', true],
        ['renderer/src/lib/x.ts', '../features/lobby/components/GamesPage', true],
        ['renderer/src/lib/x.ts', '../app/routes', true],
        ['renderer/src/lib/x.ts', '../platform', false],
      ]);
    });

    it('components (presentational) import lib, not domain data, features or app', async () => {
      await checkFloor([
        ['renderer/src/components/x.tsx', '../app/routes', true],
        ['renderer/src/components/x.tsx', '../features/lobby/components/GamesPage', true],
        ['renderer/src/components/x.tsx', from('renderer/src/components/x.tsx'), true],
        ['renderer/src/components/x.tsx', '../lib/http', false],
      ]);
    });

    it('domain imports components and lib, not features or app', async () => {
      await checkFloor([
        ['renderer/src/domain/x.ts', '../features/lobby/components/GamesPage', true],
        ['renderer/src/domain/x.ts', '../app/routes', true],
        ['renderer/src/domain/x.ts', '../components/PageHeader', false],
        ['renderer/src/domain/x.ts', '../lib/http', false],
      ]);
    });

    it('features import every floor below them; app imports features but not main', async () => {
      await checkFloor([
        ['renderer/src/features/shop/x.tsx', from('renderer/src/features/shop/x.tsx'), false],
        ['renderer/src/features/shop/x.tsx', '../../components/PageHeader', false],
        ['renderer/src/app/x.tsx', '../features/lobby/components/GamesPage', false],
        ['renderer/src/app/x.tsx', '../main', true],
      ]);
    });

    it('a test is held to its floor, but may drive its subject through lib and components', async () => {
      await checkFloor([
        ['renderer/src/lib/x.test.ts', from('renderer/src/lib/x.test.ts'), true],
        ['renderer/src/components/x.test.tsx', '../features/lobby/components/GamesPage', true],
        ['renderer/src/platform/x.test.ts', '../components/PageHeader', false],
        ['renderer/src/platform/x.test.ts', '../lib/push', false],
      ]);
    });
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

  it('server, shared, renderer and electron have no import cycle', () => {
    const graph = new Map<string, string[]>();
    const sides = ['server', 'shared', 'renderer', 'electron'];
    for (const file of sides.flatMap((dir) => sources(path.resolve(dir))))
      graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(process.cwd(), file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });
});
