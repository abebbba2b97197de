import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Every source file under `dir` but tests and their support. */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => /\.(ts|mjs)$/.test(file) && !/\.test\.ts$|\.d\.ts$|(^|\/)testing\/|test-support/.test(file),
    )
    .map((file) => path.join(dir, file));
}

/** The npm packages a file imports or resolves at run time (`import … from`, `import()`, `require.resolve`). */
function packagesOf(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/require\.resolve\(\s*[`'"]([^`'"$]+)/g),
  ].map((match) => match[1]!);
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('@shared') && !s.startsWith('node:'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!))
    .filter((name) => !builtinModules.includes(name));
}

describe('what a server install needs', () => {
  // The server's bundle keeps npm packages external (scripts/build-server.mjs), so everything it
  // loads must be a production dependency: `npm ci --omit=dev` installs nothing else.
  it('has every package the server and shared code load at run time among the dependencies', () => {
    const needed = new Set(
      [...sources('server/src'), ...sources('shared')].flatMap((file) =>
        packagesOf(readFileSync(path.join(ROOT, file), 'utf8')),
      ),
    );
    expect(needed.size).toBeGreaterThan(10);
    const missing = [...needed].filter((name) => !(name in manifest.dependencies));
    expect(missing).toEqual([]);
  });

  it('leaves the browser-only packages out of a server install', () => {
    for (const name of [
      'react',
      'react-dom',
      '@mantine/core',
      '@tabler/icons-react',
      '@capacitor/core',
      'howler',
    ])
      expect(manifest.devDependencies, name).toHaveProperty([name]);
  });

  it('reads imports the way the check above relies on', () => {
    expect(
      packagesOf(
        [
          "import { z } from 'zod';",
          "import type { Foo } from 'typed-only';",
          "import fastify, { type X } from 'fastify';",
          "export { a } from '@scope/pkg/sub';",
          "const m = await import('lazy-pkg');",
          'readFileSync(require.resolve(`@fontsource/cinzel/files/x-${w}.woff`));',
          "import path from 'node:path';",
          "import { x } from './local';",
          "import { y } from '@shared/protocol';",
          "import fs from 'fs';",
        ].join('\n'),
      ),
    ).toEqual(['zod', 'fastify', '@scope/pkg', 'lazy-pkg', '@fontsource/cinzel']);
  });
});
