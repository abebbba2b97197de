// One card face: white stock bordered in the deck's colour, a large corner index (rank over suit)
// top left and the same index turned 180° bottom right, and in the middle the pips (2–10), one
// large pip (A) or the framed court figure (J, Q, K).
import { court } from './courts.mjs';
import { pips } from './pips.mjs';
import { suitDef, suitUse } from './suits.mjs';

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const NAMES = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };
const FONT = `font-family="Georgia,'DejaVu Serif','Times New Roman',serif" font-weight="700"`;

/** The corner index: large enough to read on a 48 px wide card. "10" is narrowed to fit. */
function index(rank, ink) {
  const ten = rank === '10' ? ' textLength="54" lengthAdjust="spacingAndGlyphs"' : '';
  return `<g id="i" fill="${ink}"><text x="29" y="64" text-anchor="middle" font-size="68" ${FONT}${ten}>${rank}</text>${suitUse('i', 29, 98, 36)}</g>`;
}

function ace(st) {
  return `<circle cx="125" cy="175" r="78" fill="none" stroke="${st.robe}" stroke-width="2"/><circle cx="125" cy="175" r="72" fill="none" stroke="${st.trim}" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round"/>${suitUse('a', 125, 175, 104)}`;
}

export function cardFace(st, rank, suit, ink) {
  const isCourt = rank === 'J' || rank === 'Q' || rank === 'K';
  const pic = isCourt ? court(st, rank, suit) : null;
  const centre = pic ? pic.body : rank === 'A' ? ace(st) : pips(rank);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="250" height="350" role="img" aria-label="${NAMES[rank] ?? rank} of ${suit}">
<defs>${suitDef(suit, ink)}${index(rank, ink)}${pic ? pic.defs : ''}</defs>
<rect x="1.5" y="1.5" width="247" height="347" rx="16" fill="#fffefa" stroke="${st.robe}" stroke-width="3"/>
<use href="#i"/><use href="#i" transform="rotate(180 125 175)"/>
${centre}
</svg>
`;
}
