import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';

/**
 * Draws a link preview image (1200×630 PNG, the size Open Graph and Twitter's large card expect):
 * satori lays the card out and turns its text into paths with the brand's heading font, resvg
 * rasterises the SVG. See docs/design.md, "Titles and link previews".
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** What a preview image shows; names are display names already (see `displayName`). */
export type PreviewSubject =
  | { kind: 'site' }
  | { kind: 'invitation' }
  | {
      kind: 'replay';
      mode: 'ranked' | 'quick';
      target: number;
      players: { name: string; score: number; winner: boolean }[];
      result: string;
    };

const INSET = 28;
const GOLD = '#f0a800';
const FELT = '#0e1613';
const PAPER = '#fdf8ec';
const MIST = '#aebbb6';
const EMERALD = '#00b37f';

// The brand's card (the favicon's art).
const CARD_ART = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="10" y="4" width="44" height="56" rx="7" fill="#fdf8ec" stroke="#f0a800" stroke-width="3"/><path d="M32 16c-7 9-14 13-14 20a7 7 0 0 0 12 5l-3 9h10l-3-9a7 7 0 0 0 12-5c0-7-7-11-14-20z" fill="#12251f"/></svg>',
).toString('base64')}`;

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | null = null;

/** Cinzel, the app's heading font, from its npm package (satori reads WOFF, not WOFF2). */
function loadFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (weight: number) =>
    readFileSync(require.resolve(`@fontsource/cinzel/files/cinzel-latin-${weight}-normal.woff`));
  fonts = [
    { name: 'Cinzel', data: file(400), weight: 400, style: 'normal' },
    { name: 'Cinzel', data: file(700), weight: 700, style: 'normal' },
  ];
  return fonts;
}

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: {
    style?: Style;
    children?: (Node | string)[] | Node | string;
    src?: string;
    width?: number;
    height?: number;
  };
}
const box = (style: Style, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', boxSizing: 'border-box', ...style }, children },
});
const art = (size: number): Node => ({
  type: 'img',
  props: { src: CARD_ART, width: size, height: size },
});

function frame(...children: Node[]): Node {
  return box(
    {
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      background: FELT,
      padding: INSET,
      fontFamily: 'Cinzel',
    },
    box(
      {
        width: PREVIEW_WIDTH - 2 * INSET,
        height: PREVIEW_HEIGHT - 2 * INSET,
        border: `4px solid ${GOLD}`,
        borderRadius: 28,
        padding: '40px 64px',
        flexDirection: 'column',
        justifyContent: 'center',
      },
      ...children,
    ),
  );
}

function brandCard(heading: string, lines: string[]): Node {
  return frame(
    box(
      { alignItems: 'center', gap: 48 },
      art(240),
      box(
        { flexDirection: 'column', flex: 1 },
        box({ color: GOLD, fontSize: 112, fontWeight: 700, lineHeight: 1.1 }, heading),
        ...lines.map((line, i) =>
          box({ color: i === 0 ? PAPER : MIST, fontSize: i === 0 ? 44 : 32, marginTop: 18 }, line),
        ),
      ),
    ),
  );
}

function replayCard(subject: Extract<PreviewSubject, { kind: 'replay' }>): Node {
  const rows = subject.players.map((p) =>
    box(
      {
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: '10px 24px',
        marginTop: 10,
        borderRadius: 16,
        background: p.winner ? 'rgba(240, 168, 0, 0.14)' : 'rgba(255, 255, 255, 0.04)',
        color: p.winner ? GOLD : PAPER,
        fontSize: subject.players.length > 2 ? 44 : 56,
        fontWeight: 700,
      },
      box(
        { alignItems: 'center', gap: 20, overflow: 'hidden', maxWidth: 920 },
        box({ whiteSpace: 'nowrap' }, p.name),
        ...(p.winner ? [box({ color: EMERALD, fontSize: 28 }, 'Winner')] : []),
      ),
      String(p.score),
    ),
  );
  return frame(
    box(
      { alignItems: 'center', justifyContent: 'space-between' },
      box(
        { alignItems: 'center', gap: 20 },
        art(72),
        box({ color: GOLD, fontSize: 56, fontWeight: 700 }, 'Spar'),
      ),
      box(
        { color: MIST, fontSize: 30 },
        `${subject.mode === 'ranked' ? 'Ranked' : 'Quick'} game · to ${subject.target}`,
      ),
    ),
    box({ flexDirection: 'column', marginTop: 24 }, ...rows),
    box({ color: MIST, fontSize: 30, marginTop: 24 }, subject.result),
  );
}

function layout(subject: PreviewSubject): Node {
  switch (subject.kind) {
    case 'site':
      return brandCard('Spar', [
        'The West African card game',
        'Five cards, five tricks: only the last one scores.',
      ]);
    case 'invitation':
      return brandCard("You're invited", [
        'to a game of Spar',
        'A friend has challenged you to a private game.',
      ]);
    case 'replay':
      return replayCard(subject);
  }
}

/**
 * The subject's preview as PNG bytes. Rasterising is most of the work (tens of milliseconds), so
 * it runs on libuv's thread pool (`renderAsync`), not on the event loop the games share; callers
 * cap how many run at once (PreviewService).
 */
export async function renderPreview(subject: PreviewSubject): Promise<Buffer> {
  const svg = await satori(layout(subject) as unknown as Parameters<typeof satori>[0], {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: loadFonts(),
  });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
