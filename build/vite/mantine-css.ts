/**
 * Mantine's CSS, per component, in the chunk that uses the component: the first screen carries
 * only the styles it draws (docs/design.md, "Renderer: the first-visit budget").
 *
 * Each Mantine component keeps its class names in `<Name>.module.mjs`, and Mantine ships that
 * component's rules as `@mantine/core/styles/<Name>.css`. The build adds the stylesheet's import
 * to the class-name module, so the CSS goes wherever the component's code goes. A component
 * imports the components it draws on before its own class names, so their rules come first, as
 * in Mantine's full stylesheet. The baseline, the theme's variables and the global rules are
 * imported by the app's entry.
 *
 * In development Vite pre-bundles Mantine into one module that this cannot see into, so there the
 * global stylesheet brings the whole of Mantine's CSS.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
// The full stylesheet sits beside the folder of per-component ones.
const fullStylesheet = require.resolve('@mantine/core/styles.css');
const stylesDir = path.join(path.dirname(fullStylesheet), 'styles');

const CLASS_NAMES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const GLOBAL = /[\\/]@mantine[\\/]core[\\/]styles[\\/]global\.css$/;

/** The stylesheet of the Mantine module `id`, or null when it has none. */
export function mantineStylesheetOf(id: string): string | null {
  const name = CLASS_NAMES.exec(id.split('?')[0]!)?.[1];
  if (!name || !existsSync(path.join(stylesDir, `${name}.css`))) return null;
  return `@mantine/core/styles/${name}.css`;
}

export function mantineCss(): Plugin {
  let serve = false;
  return {
    name: 'spar:mantine-css',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        return GLOBAL.test(id.split('?')[0]!) ? readFileSync(fullStylesheet, 'utf8') : null;
      }
      const stylesheet = mantineStylesheetOf(id);
      return stylesheet ? { code: `${code}\nimport '${stylesheet}';\n`, map: null } : null;
    },
  };
}
