import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesheetOf } from '../../build/vite/mantine-css';

const require = createRequire(import.meta.url);
const core = path.dirname(require.resolve('@mantine/core/styles.css'));

/** Every class-name module in Mantine's ESM build, by path. */
function classNameModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return classNameModules(full);
    return entry.name.endsWith('.module.mjs') ? [full] : [];
  });
}

describe("Mantine's CSS per component", () => {
  it('gives each component module its own stylesheet', () => {
    expect(mantineStylesheetOf(path.join(core, 'esm/components/Button/Button.module.mjs'))).toBe(
      '@mantine/core/styles/Button.css',
    );
    expect(
      mantineStylesheetOf(path.join(core, 'esm/components/Checkbox/CheckboxCard/CheckboxCard.module.mjs')),
    ).toBe('@mantine/core/styles/CheckboxCard.css');
  });

  it('finds a stylesheet for every class-name module Mantine ships, so no component goes unstyled', () => {
    const modules = classNameModules(path.join(core, 'esm'));
    expect(modules.length).toBeGreaterThan(100);
    expect(modules.filter((id) => mantineStylesheetOf(id) === null)).toEqual([]);
  });

  it('leaves the code of components and our own modules alone', () => {
    expect(mantineStylesheetOf(path.join(core, 'esm/components/Button/Button.mjs'))).toBeNull();
    expect(mantineStylesheetOf('/work/spar/renderer/src/components/CardView.module.css')).toBeNull();
  });
});
