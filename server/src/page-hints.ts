import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_PAGE, PAGE_ROUTES, pageOfPath, type PageName } from '@shared/pages';

/** One file of Vite's build manifest (`.vite/manifest.json`), as far as hints need it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** A page's hints: the `<link>` tags to put in its HTML, by page. */
export type PageHints = (pathname: string) => string;

/**
 * Reads the build's manifest and returns, for any address, the `<link>` tags that let the browser
 * fetch the page's own chunks and styles while it is still downloading the app's entry, instead of
 * once the entry has run and the router has asked for the page: on a slow phone network that is
 * the difference between one round of downloads and two (docs/design.md, "Renderer: the
 * first-visit budget"). Files the entry already loads are left out. Null when the build has no
 * manifest (a build made without one, or none at all): the pages then go out without hints.
 */
export function loadPageHints(staticDir: string): PageHints | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return null;
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) return null;
  const loadedByEntry = filesOf(manifest, entryKey);
  const hints = new Map<PageName, string>();
  const pages: PageName[] = [...PAGE_ROUTES.map((route) => route.page), NOT_FOUND_PAGE];
  for (const page of pages) {
    const key = `src/app/pages/${page}.tsx`;
    if (!manifest[key]) continue;
    const { scripts, styles } = filesOf(manifest, key);
    const links = [
      ...[...scripts]
        .filter((file) => !loadedByEntry.scripts.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      // `crossorigin` as on the stylesheet link Vite's loader adds for a page, so that link is
      // answered from this download; a preload does not hold up the first paint as a stylesheet would.
      ...[...styles]
        .filter((file) => !loadedByEntry.styles.has(file))
        .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    hints.set(page, links.join('\n    '));
  }
  return (pathname) => hints.get(pageOfPath(pathname)) ?? '';
}

/** A chunk's file and styles with those of every chunk it imports statically, transitively. */
function filesOf(
  manifest: Record<string, ManifestChunk>,
  key: string,
): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || seen.has(current)) return;
    seen.add(current);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}

/** The page with its hints just before `</head>`, after the entry's own tags. */
export function withPageHints(html: string, hints: string): string {
  if (!hints) return html;
  const end = html.indexOf('</head>');
  return end === -1 ? html : `${html.slice(0, end)}  ${hints}\n  ${html.slice(end)}`;
}
