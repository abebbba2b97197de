// Court figures: a half-length Jack, Queen or King drawn in the top half of the court frame and
// repeated upside down in the bottom half, as on printed courts. Coordinates are the card's
// (250×350, centre 125,175); the frame spans x 60–190, y 16–334. Each deck dresses the figures in
// its own colours and ornament and draws its own frame; each suit turns the figure and changes the
// held item, so the twelve courts of a deck differ.
import { suitUse } from './suits.mjs';

const OUTLINE = '#1d1a17';

/** A small repeating motif for robes, after the deck's back pattern, in the trim colour. */
function ornament(kind, c) {
  const open = (w, h) => `<pattern id="o" width="${w}" height="${h}" patternUnits="userSpaceOnUse">`;
  switch (kind) {
    case 'stars':
    case 'dots':
      return `${open(10, 10)}<circle cx="5" cy="5" r="1.8" fill="${c}"/></pattern>`;
    case 'chevrons':
      return `${open(12, 8)}<path d="M0 6l6-4 6 4" fill="none" stroke="${c}" stroke-width="1.6"/></pattern>`;
    case 'diamonds':
      return `${open(10, 12)}<path d="M5 1l4 5-4 5-4-5z" fill="${c}"/></pattern>`;
    case 'waves':
      return `${open(14, 8)}<path d="M0 5q3.5-4 7 0t7 0" fill="none" stroke="${c}" stroke-width="1.6"/></pattern>`;
    case 'grid':
    case 'pixels':
      return `${open(10, 10)}<rect width="5" height="5" fill="${c}"/><rect x="5" y="5" width="5" height="5" fill="${c}"/></pattern>`;
    case 'scales':
      return `${open(12, 8)}<path d="M0 8a6 6 0 0 1 12 0" fill="none" stroke="${c}" stroke-width="1.4"/></pattern>`;
    default: // kente: woven bands
      return `${open(14, 14)}<rect width="14" height="4" fill="${c}"/><rect x="5" y="4" width="4" height="10" fill="${c}" opacity=".6"/></pattern>`;
  }
}

/** The court frame's outline for each frame kind. */
const FRAMES = {
  line: 'M60 16H190V334H60Z',
  double: 'M60 16H190V334H60Z',
  ornate: 'M60 16H190V334H60Z',
  arch: 'M60 278V72A65 56 0 0 1 190 72V278A65 56 0 0 1 60 278Z',
  notched: 'M74 16H176L190 30V320L176 334H74L60 320V30Z',
  pixel: 'M68 16H182V24H190V326H182V334H68V326H60V24H68Z',
};

function frameDecor(st) {
  const d = FRAMES[st.frame];
  switch (st.frame) {
    case 'double':
      return `<path d="M65 21H185V329H65Z" fill="none" stroke="${st.trim}" stroke-width="2"/>`;
    case 'ornate':
      // Leaf flourishes in the four corners of the frame.
      return [
        [60, 16, 1, 1],
        [190, 16, -1, 1],
        [60, 334, 1, -1],
        [190, 334, -1, -1],
      ]
        .map(
          ([x, y, sx, sy]) =>
            `<path transform="translate(${x} ${y}) scale(${sx} ${sy})" d="M0 0C14 0 20 6 20 20 10 18 4 12 0 0ZM0 0C0 14 6 20 20 20" fill="${st.trim}" stroke="${OUTLINE}" stroke-width=".8"/>`,
        )
        .join('');
    case 'pixel':
      return `<path d="${d}" fill="none" stroke="${st.accent}" stroke-width="2" transform="translate(125 175) scale(.95) translate(-125 -175)"/>`;
    default:
      return '';
  }
}

// Held items, drawn on the figure's right-hand side (x about 160); mirrored for some suits.
const ITEMS = {
  sword: (st) =>
    `<path d="M157 30L160 22 163 30V132H157Z" fill="#dfe4ea" stroke="${OUTLINE}" stroke-width="1.2"/><path d="M147 132H173V138H147Z" fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1.2"/><path d="M158 138H162V152H158Z" fill="#5a3b1f"/>`,
  sceptre: (st) =>
    `<path d="M158 40H162V150H158Z" fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1"/><circle cx="160" cy="34" r="8" fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1.2"/><path d="M160 22V46M148 34H172" stroke="${OUTLINE}" stroke-width="1.2"/>`,
  flower: (st) =>
    `<path d="M160 150C158 124 162 100 158 70" fill="none" stroke="#2f6b2a" stroke-width="2.4"/><path d="M159 112C168 104 174 106 176 108 170 116 164 116 159 112Z" fill="#2f6b2a"/><g fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1"><circle cx="158" cy="58" r="6"/><circle cx="148" cy="66" r="6"/><circle cx="168" cy="66" r="6"/><circle cx="152" cy="77" r="6"/><circle cx="164" cy="77" r="6"/></g><circle cx="158" cy="69" r="4.5" fill="${st.robe}"/>`,
  spear: (st) =>
    `<path d="M159 48H163V175H159Z" fill="#7a5230" stroke="${OUTLINE}" stroke-width="1"/><path d="M161 26L168 42 161 50 154 42Z" fill="#dfe4ea" stroke="${OUTLINE}" stroke-width="1.2"/><path d="M153 52H169" stroke="${st.trim}" stroke-width="4"/>`,
  leaf: (st) =>
    `<path d="M160 150C160 120 158 96 162 62" fill="none" stroke="#2f6b2a" stroke-width="2.4"/><path d="M162 62C150 52 150 34 164 22 176 36 174 54 162 62Z" fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1.2"/><path d="M163 58L164 28" stroke="${OUTLINE}" stroke-width=".8"/>`,
};

const HELD = {
  K: { hearts: 'sword', diamonds: 'sceptre', clubs: 'sword', spades: 'sceptre' },
  Q: { hearts: 'flower', diamonds: 'flower', clubs: 'sceptre', spades: 'flower' },
  J: { hearts: 'leaf', diamonds: 'spear', clubs: 'spear', spades: 'leaf' },
};

function face(st, { cy, rx, ry }) {
  const shade = '#00000033';
  return `<ellipse cx="125" cy="${cy}" rx="${rx}" ry="${ry}" fill="${st.skin}" stroke="${OUTLINE}" stroke-width="1.2"/><g fill="${OUTLINE}"><ellipse cx="119" cy="${cy - 2}" rx="1.8" ry="2.2"/><ellipse cx="131" cy="${cy - 2}" rx="1.8" ry="2.2"/></g><path d="M115 ${cy - 7}Q119 ${cy - 9} 122 ${cy - 7}M128 ${cy - 7}Q131 ${cy - 9} 135 ${cy - 7}M125 ${cy - 1}Q121 ${cy + 6} 126 ${cy + 6}M121 ${cy + 11}Q125 ${cy + 13} 129 ${cy + 11}" fill="none" stroke="${OUTLINE}" stroke-width="1.2" stroke-linecap="round"/><ellipse cx="125" cy="${cy + ry - 3}" rx="${rx - 4}" ry="2.5" fill="${shade}"/>`;
}

function king(st) {
  const hair = st.hair;
  return [
    // Robe with an ermine cape over the shoulders and an embroidered front.
    `<path d="M62 175V146C64 126 84 116 104 111L125 128 146 111C166 116 186 126 188 146V175Z" fill="${st.robe}" stroke="${OUTLINE}" stroke-width="1.5"/>`,
    `<path d="M112 123L125 130 138 123 146 175H104Z" fill="${st.robe2}"/><path d="M112 123L125 130 138 123 146 175H104Z" fill="url(#o)" stroke="${OUTLINE}" stroke-width="1"/>`,
    `<path d="M78 124C90 116 98 113 104 111L125 130 146 111C152 113 160 116 172 124L168 136C158 130 152 127 146 126L125 146 104 126C98 127 92 130 82 136Z" fill="#fbf8f1" stroke="${OUTLINE}" stroke-width="1.2"/>`,
    `<g fill="${OUTLINE}"><path d="M90 124h2v5h-2zM100 119h2v5h-2zM148 119h2v5h-2zM158 124h2v5h-2zM124 136h2v5h-2z"/></g>`,
    `<path d="M117 98H133V114L125 120 117 114Z" fill="${st.skin}" stroke="${OUTLINE}" stroke-width="1"/>`,
    `<path d="M107 70C104 84 104 96 110 104H140C146 96 146 84 143 70Z" fill="${hair}"/>`,
    face(st, { cy: 86, rx: 15, ry: 18 }),
    // Beard and moustache.
    `<path d="M110 88C110 106 117 118 125 122 133 118 140 106 140 88 136 98 131 100 125 100 119 100 114 98 110 88Z" fill="${hair}" stroke="${OUTLINE}" stroke-width="1"/>`,
    `<path d="M116 97C120 93 124 94 125 96 126 94 130 93 134 97 130 96 127 97 125 98 123 97 120 96 116 97Z" fill="${hair}"/>`,
    // Crown: five points with pearls, a jewelled band.
    `<path d="M106 72L103 44 114 58 125 38 136 58 147 44 144 72Z" fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1.4"/>`,
    `<path d="M105 64H145V73H105Z" fill="${st.robe}" stroke="${OUTLINE}" stroke-width="1.2"/>`,
    `<g fill="#fbf8f1" stroke="${OUTLINE}" stroke-width="1"><circle cx="103" cy="43" r="3"/><circle cx="125" cy="37" r="3.4"/><circle cx="147" cy="43" r="3"/><circle cx="114" cy="68.5" r="2.4"/><circle cx="125" cy="68.5" r="2.4"/><circle cx="136" cy="68.5" r="2.4"/></g>`,
  ].join('');
}

function queen(st) {
  const hair = st.hair;
  return [
    // Long hair falling behind the shoulders.
    `<path d="M104 80C101 102 98 118 90 132H160C152 118 149 102 146 80 146 64 136 58 125 58 114 58 104 64 104 80Z" fill="${hair}"/>`,
    `<path d="M62 175V148C64 130 84 120 102 115 110 124 117 128 125 128 133 128 140 124 148 115 166 120 186 130 188 148V175Z" fill="${st.robe}" stroke="${OUTLINE}" stroke-width="1.5"/>`,
    `<path d="M106 128C112 133 118 135 125 135 132 135 138 133 144 128L150 175H100Z" fill="${st.robe2}"/><path d="M106 128C112 133 118 135 125 135 132 135 138 133 144 128L150 175H100Z" fill="url(#o)" stroke="${OUTLINE}" stroke-width="1"/>`,
    `<path d="M118 98H132V112C132 120 118 120 118 112Z" fill="${st.skin}" stroke="${OUTLINE}" stroke-width="1"/>`,
    `<path d="M104 118C110 126 117 129 125 129 133 129 140 126 146 118" fill="none" stroke="${st.trim}" stroke-width="3"/>`,
    `<g fill="#fbf8f1" stroke="${OUTLINE}" stroke-width=".8"><circle cx="112" cy="125" r="2.2"/><circle cx="125" cy="129" r="2.6"/><circle cx="138" cy="125" r="2.2"/></g>`,
    face(st, { cy: 86, rx: 14, ry: 17 }),
    `<path d="M120 96Q125 99 130 96Q125 95 120 96Z" fill="#b3263a" stroke="#b3263a" stroke-width="1.5"/>`,
    `<path d="M111 76C114 70 120 68 125 70 130 68 136 70 139 76 132 72 118 72 111 76Z" fill="${hair}"/>`,
    // Tiara: rounded points on a band.
    `<path d="M108 72L109 56 117 64 125 50 133 64 141 56 142 72Z" fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1.3"/>`,
    `<g fill="${st.robe}" stroke="${OUTLINE}" stroke-width="1"><circle cx="109" cy="55" r="2.6"/><circle cx="125" cy="49" r="3"/><circle cx="141" cy="55" r="2.6"/><circle cx="125" cy="66" r="2.8"/></g>`,
  ].join('');
}

function jack(st) {
  const hair = st.hair;
  return [
    `<path d="M62 175V150C64 132 84 120 106 116L125 124 144 116C166 120 186 132 188 150V175Z" fill="${st.robe}" stroke="${OUTLINE}" stroke-width="1.5"/>`,
    // Tunic front in the deck's ornament with buttons, and a ruffled collar.
    `<path d="M108 120H142L146 175H104Z" fill="${st.robe2}"/><path d="M108 120H142L146 175H104Z" fill="url(#o)" stroke="${OUTLINE}" stroke-width="1"/>`,
    `<g fill="${st.trim}" stroke="${OUTLINE}" stroke-width=".8"><circle cx="125" cy="136" r="2.6"/><circle cx="125" cy="150" r="2.6"/><circle cx="125" cy="164" r="2.6"/></g>`,
    `<path d="M118 98H132V114H118Z" fill="${st.skin}" stroke="${OUTLINE}" stroke-width="1"/>`,
    `<path d="M104 114Q109 108 114 114 119 108 125 114 131 108 136 114 141 108 146 114 141 122 136 116 131 122 125 116 119 122 114 116 109 122 104 114Z" fill="#fbf8f1" stroke="${OUTLINE}" stroke-width="1"/>`,
    // Short curled hair under the cap.
    `<path d="M108 74C104 86 104 98 108 104 112 100 112 92 112 86H138C138 92 138 100 142 104 146 98 146 86 142 74Z" fill="${hair}" stroke="${OUTLINE}" stroke-width="1"/>`,
    face(st, { cy: 88, rx: 14, ry: 16 }),
    // A soft cap with a band and a feather.
    `<path d="M104 76C100 60 114 50 130 51 146 52 154 62 150 76Z" fill="${st.robe}" stroke="${OUTLINE}" stroke-width="1.3"/>`,
    `<path d="M104 70H150V78H104Z" fill="${st.trim}" stroke="${OUTLINE}" stroke-width="1.1"/>`,
    `<path d="M142 66C150 48 162 36 178 30 170 42 160 56 146 70Z" fill="${st.robe2}" stroke="${OUTLINE}" stroke-width="1"/>`,
  ].join('');
}

const FIGURES = { K: king, Q: queen, J: jack };

/** The court picture of a card: defs (ornament, clip, half figure) and the framed figure. */
export function court(st, rank, suit) {
  const frame = FRAMES[st.frame];
  // Diamonds and spades face the other way and hold their item in the other hand.
  const turned = suit === 'diamonds' || suit === 'spades';
  const item = ITEMS[HELD[rank][suit]](st);
  // The arm that holds the item: a sleeve from the shoulder with a cuff, and the hand.
  const hy = HELD[rank][suit] === 'flower' || HELD[rank][suit] === 'leaf' ? 150 : 146;
  const arm = `<path d="M136 120C152 120 166 130 168 ${hy - 6}L152 ${hy + 4}C150 ${hy - 8} 144 132 134 128Z" fill="${st.robe}" stroke="${OUTLINE}" stroke-width="1.2"/><path d="M152 ${hy + 4}L168 ${hy - 6}" stroke="${st.trim}" stroke-width="4"/>`;
  const hand = `<circle cx="160" cy="${hy}" r="7" fill="${st.skin}" stroke="${OUTLINE}" stroke-width="1.1"/>`;
  const half = `${FIGURES[rank](st)}${arm}${item}${hand}`;
  const defs = `${ornament(st.pattern, st.trim)}<clipPath id="c"><path d="${frame}"/></clipPath><g id="h"><g transform="${turned ? 'matrix(-1.08 0 0 1.08 260 -14)' : 'matrix(1.08 0 0 1.08 -10 -14)'}">${half}</g>${suitUse('q', turned ? 166 : 84, 40, 22)}</g>`;
  const body = `<g clip-path="url(#c)"><path d="${frame}" fill="${st.ground}"/><use href="#h"/><use href="#h" transform="rotate(180 125 175)"/></g><path d="M60 175H190" stroke="${OUTLINE}" stroke-width="1.5"/><path d="${frame}" fill="none" stroke="${st.robe}" stroke-width="2.5"/>${frameDecor(st)}`;
  return { defs, body };
}
