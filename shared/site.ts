/**
 * How Spar names and describes itself to browsers and to link previews: the renderer's document
 * titles and the server's Open Graph tags quote these (docs/design.md, "Titles and link previews").
 */
export const SITE_NAME = 'Spar';
/** The home page's title, and the title of any page that has none of its own. */
export const SITE_TITLE = 'Spar — the West African card game';
export const SITE_DESCRIPTION =
  'Spar is the West African trick-taking card game, online: five cards, five tricks, and only the last trick scores.';

/** A page's document title: "Shop · Spar". */
export function pageTitle(page: string | null): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_TITLE;
}
