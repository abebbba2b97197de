import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints `code` as if it lived at `filePath` and returns the rule ids that fired. */
async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries (DESIGN.md §3)', () => {
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
        'renderer/src/x.ts',
        "import { WINDOW_OPTIONS } from '../../electron/main/window-options';\nexport const a = WINDOW_OPTIONS;\n",
      ],
    ];
    for (const [file, code] of cases)
      expect(await rulesFired(file, code), file).toContain('boundaries/dependencies');
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
