/**
 * The Open Graph and Twitter card tags a shared link shows, written into the built index.html.
 * Everything that goes into the page is escaped here, whoever wrote it (player names are user
 * input). See docs/design.md, "Titles and link previews".
 */
import { escapeHtml } from '../../http/html';

/** What a link preview says: every text plain (not HTML), every URL absolute. */
export interface PageMeta {
  title: string;
  description: string;
  /** The preview image (1200×630 PNG). */
  image: string;
  imageAlt: string;
  /** The page's own address, or the home page's for pages that are not shared. */
  url: string;
  type: 'website' | 'article';
  /** Whether the page names itself as canonical (shareable pages only). */
  canonical: boolean;
}

/**
 * A name as previews show it: without control and format characters (bidi overrides, zero-width
 * joiners) that could reorder or hide what surrounds it, and at most `max` characters.
 */
export function displayName(raw: string, max = 24): string {
  const chars = Array.from(
    raw
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu, '')
      .trim(),
  );
  if (chars.length === 0) return 'A player';
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

export function metaTags(meta: PageMeta): string {
  const property = (name: string, value: string) =>
    `<meta property="${name}" content="${escapeHtml(value)}" />`;
  const named = (name: string, value: string) => `<meta name="${name}" content="${escapeHtml(value)}" />`;
  return [
    property('og:site_name', 'Spar'),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.url),
    property('og:image', meta.image),
    property('og:image:type', 'image/png'),
    property('og:image:width', '1200'),
    property('og:image:height', '630'),
    property('og:image:alt', meta.imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.image),
    named('twitter:image:alt', meta.imageAlt),
    ...(meta.canonical ? [`<link rel="canonical" href="${escapeHtml(meta.url)}" />`] : []),
  ].join('\n    ');
}

/**
 * The page with the preview's tags before `</head>` and, for a shareable page, its title in
 * `<title>`. A page without a head (not our build) is returned as it is.
 */
export function injectMeta(html: string, meta: PageMeta): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  let page = `${html.slice(0, head)}  ${metaTags(meta)}\n  ${html.slice(head)}`;
  if (meta.canonical)
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  return page;
}
