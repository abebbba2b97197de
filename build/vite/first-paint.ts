/**
 * The landing page's first paint from the HTML itself (docs/design.md, "Renderer: the first
 * paint"). The web build renders the signed-out landing page to HTML (an SSR build of
 * renderer/src/features/landing/prerender.tsx, with the app's own components and class names) and
 * writes it into index.html before the app's root, with the rules it uses from the stylesheets of
 * a first visit inlined and the one inline script that keeps it hidden where the app will draw
 * something else (shared/first-paint.ts). Without it the browser paints nothing of `/` until the
 * app's script has downloaded and run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import {
  DEFERRED_STYLESHEET_ATTRIBUTE,
  FIRST_PAINT_SCRIPT,
  PRERENDER_ID,
  PRERENDER_STYLE_ID,
} from '#shared/first-paint';
import { criticalCss } from './critical-css';

/** The landing page's route chunk, loaded at once on `/`: its stylesheets draw the prerender. */
const HOME_PAGE = 'src/app/pages/home.tsx';
const PRERENDER_ENTRY = 'src/features/landing/prerender.tsx';
const ROOT = '<div id="root"></div>';
const CHARSET = '<meta charset="UTF-8" />';
const STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;
const STYLESHEET_LINK = /<link rel="stylesheet"([^>]*)>/g;

/**
 * The head's stylesheet links made non-blocking. A linked stylesheet in the head holds back every
 * paint until it has arrived, and on a slow phone link it shares the line with the entry's
 * scripts: the prerender, whose rules are inlined, would wait for it for nothing. Each stays where
 * it is, so the cascade keeps its order, behind `media="print"`, with a preload ahead of it so it
 * is still fetched first; the app turns it on before drawing (renderer/src/lib/first-paint.ts).
 */
export function deferStylesheets(html: string): string {
  return html.replace(
    STYLESHEET_LINK,
    (_, rest: string) =>
      `<link rel="preload" as="style"${rest}><link rel="stylesheet"${rest} media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}>`,
  );
}

/**
 * While the prerender is shown the app's root stays hidden, so the app draws its first screens
 * unseen until the landing page itself replaces the prerender (renderer/src/lib/first-paint.ts).
 * Its buttons do nothing before then, so a tap waits for the app; its links work as links.
 */
export const FIRST_PAINT_CSS =
  `html:not([data-first-paint=app]) #${PRERENDER_ID} ~ #root{display:none}` +
  `html[data-first-paint=app] #${PRERENDER_ID}{display:none}` +
  `#${PRERENDER_ID} button{pointer-events:none}`;

/**
 * The chunks `entries` load at once, themselves and their static imports, recursively: each after
 * what it imports, the order in which their stylesheets apply (a component's rules after those of
 * the components it builds on).
 */
function staticChunks(bundle: Rollup.OutputBundle, entries: Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const seen = new Set<string>();
  const ordered: Rollup.OutputChunk[] = [];
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
    ordered.push(chunk);
  };
  entries.forEach(visit);
  return ordered;
}

/** The text of every stylesheet those chunks bring, in the order they are loaded. */
function stylesheetsOf(bundle: Rollup.OutputBundle, chunks: Rollup.OutputChunk[]): string {
  const files = new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  return [...files]
    .map((file) => {
      const asset = bundle[file];
      return asset?.type === 'asset' ? String(asset.source) : '';
    })
    .join('\n');
}

/**
 * index.html with the rendered landing page before the app's root, the rules it uses of
 * `stylesheets` (a first visit's, in their order) and the inline script in its head.
 */
export function firstPaintHtml(html: string, rendered: string, stylesheets: string): string {
  for (const needed of [ROOT, CHARSET])
    if (!html.includes(needed)) throw new Error(`first paint: index.html has no ${needed}`);
  // Mantine writes its theme's variables and responsive rules as <style> elements in the markup:
  // they join the stylesheets, where what the page does not read is left out.
  const styles = [...rendered.matchAll(STYLE)].map(([, css]) => css);
  const page = rendered.replace(STYLE, '');
  const css = criticalCss([stylesheets, ...styles].join('\n'), html + page);
  const style = `<style id="${PRERENDER_STYLE_ID}">${FIRST_PAINT_CSS}${css}</style>`;
  return (
    deferStylesheets(html)
      // First in the head: an inline script waits for every stylesheet linked before it, and this
      // one has to run before the first paint, not after the stylesheets arrive.
      .replace(CHARSET, `${CHARSET}<script>${FIRST_PAINT_SCRIPT}</script>`)
      // Last in the head, after the linked stylesheets, as Mantine's own <style> elements come after
      // them in the app: the theme's variables win over Mantine's defaults. The app removes it with
      // the prerender, before a stylesheet of its own could come after it.
      .replace('</head>', `${style}</head>`)
      .replace(ROOT, `<div id="${PRERENDER_ID}">${page}</div>${ROOT}`)
  );
}

/** Renders the prerender entry with an SSR build of its own into a scratch folder. */
export async function renderLandingPage(root: string, alias: Record<string, string>): Promise<string> {
  // Inside the project, so the rendered module finds React and Mantine in node_modules.
  const cache = path.resolve(root, '../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(path.join(cache, 'first-paint-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias },
      build: { ssr: PRERENDER_ENTRY, outDir, emptyOutDir: true, sourcemap: false },
    });
    const entry = pathToFileURL(path.join(outDir, 'prerender.js')).href;
    const { renderLandingPage: render } = (await import(entry)) as { renderLandingPage: () => string };
    return render();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function firstPaint({ alias }: { alias: Record<string, string> }): Plugin {
  let root = '';
  return {
    name: 'spar:first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) throw new Error('first paint: index.html is not the entry of a build');
        const home = Object.values(bundle).find(
          (file): file is Rollup.OutputChunk =>
            file.type === 'chunk' && (file.facadeModuleId?.endsWith(HOME_PAGE) ?? false),
        );
        if (!home) throw new Error(`first paint: no chunk for ${HOME_PAGE}`);
        const stylesheets = stylesheetsOf(bundle, staticChunks(bundle, [chunk, home]));
        return firstPaintHtml(html, await renderLandingPage(root, alias), stylesheets);
      },
    },
  };
}
