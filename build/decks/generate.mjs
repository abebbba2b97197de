// Generates the SVG card art of every deck folder (shared/decks.ts) into renderer/public/assets/decks:
// {rank}_{suit}.svg for ranks A, 2–10, J, Q, K, back.svg, and the preview cards A13–D13.
// Each deck has its own palette and back pattern; faces keep large, readable ranks and suits.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const OUT = path.resolve('renderer/public/assets/decks');
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };
const RED = new Set(['hearts', 'diamonds']);
const PREVIEW_SUITS = { A13: 'spades', B13: 'hearts', C13: 'clubs', D13: 'diamonds' };

// [folder, back colour 1, back colour 2, accent, pattern]
const DECKS = [
  ['arabian-knights', '#5b1a2e', '#2b0b16', '#e8b04a', 'stars'],
  ['blades-of-time', '#1d2b3a', '#0b1118', '#9fc3e0', 'chevrons'],
  ['blue-back', '#1f4e9c', '#0f2a5c', '#f2f5fb', 'diamonds'],
  ['cataclysm', '#6b1d0f', '#230905', '#ff8a3d', 'waves'],
  ['classic', '#8c1c1c', '#4a0c0c', '#f6efe0', 'diamonds'],
  ['daring-rosy-gardens', '#a43a5e', '#52152b', '#ffd1dc', 'dots'],
  ['default', '#0f6b50', '#08392b', '#f0a800', 'kente'],
  ['emporor201605', '#3d2a6b', '#1a1033', '#e6c36a', 'stars'],
  ['enchantered-corners', '#265c4f', '#0f2a23', '#b8f0d8', 'dots'],
  ['faceless-emissary', '#2e2e38', '#121218', '#c9c9d6', 'grid'],
  ['glaciers-of-light', '#5fa8c9', '#1d4d66', '#eefaff', 'chevrons'],
  ['grey20wyvern', '#4b5057', '#1f2226', '#d7dbe0', 'waves'],
  ['incarnate', '#7a1f5c', '#2e0a22', '#ffb3e6', 'diamonds'],
  ['jolly-blinds', '#c4612a', '#6b2a0c', '#ffe3b8', 'grid'],
  ['order-of-the-robed-king', '#4a2c12', '#1e1206', '#f0c86a', 'kente'],
  ['orthodoxy', '#1c3f2e', '#0a1a12', '#e8d9a8', 'grid'],
  ['pixel-city', '#262b6b', '#0c0e2e', '#5ff2e8', 'pixels'],
  ['quintessential-planes', '#47306b', '#1c1030', '#c8b8ff', 'chevrons'],
  ['rage', '#9c1010', '#3a0404', '#ffb000', 'waves'],
  ['revering-blinds', '#6b5a2a', '#2e250c', '#fff0c0', 'dots'],
  ['rome', '#7a2222', '#3a0e0e', '#e9c46a', 'kente'],
  ['scales-of-the-white-order', '#d8d8d0', '#8a8a80', '#2a2a2a', 'scales'],
  ['test-2', '#3a3a3a', '#1a1a1a', '#00d0a0', 'grid'],
  ['twilight-deeps-of-obuasi', '#1b2a4e', '#070c1c', '#f2a541', 'kente'],
];

const W = 250;
const H = 350;

function pattern(kind, accent) {
  const a = `stroke="${accent}" stroke-opacity="0.35" fill="none" stroke-width="3"`;
  switch (kind) {
    case 'stars':
      return `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M20 6l4 10h10l-8 6 3 10-9-6-9 6 3-10-8-6h10z" fill="${accent}" fill-opacity="0.3"/></pattern>`;
    case 'chevrons':
      return `<pattern id="p" width="40" height="24" patternUnits="userSpaceOnUse"><path d="M0 18l20-12 20 12" ${a}/></pattern>`;
    case 'diamonds':
      return `<pattern id="p" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M15 2l13 13-13 13L2 15z" ${a}/></pattern>`;
    case 'waves':
      return `<pattern id="p" width="60" height="24" patternUnits="userSpaceOnUse"><path d="M0 12q15-12 30 0t30 0" ${a}/></pattern>`;
    case 'dots':
      return `<pattern id="p" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="4" fill="${accent}" fill-opacity="0.35"/></pattern>`;
    case 'grid':
      return `<pattern id="p" width="26" height="26" patternUnits="userSpaceOnUse"><path d="M26 0H0v26" ${a}/></pattern>`;
    case 'pixels':
      return `<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${accent}" fill-opacity="0.35"/><rect x="12" y="12" width="8" height="8" fill="${accent}" fill-opacity="0.2"/></pattern>`;
    case 'scales':
      return `<pattern id="p" width="30" height="20" patternUnits="userSpaceOnUse"><path d="M0 20a15 15 0 0 1 30 0M-15 10a15 15 0 0 1 30 0M15 10a15 15 0 0 1 30 0" ${a}/></pattern>`;
    default: // kente: woven bands
      return `<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="10" y="0" fill="${accent}" fill-opacity="0.35"/><rect width="10" height="48" x="19" fill="${accent}" fill-opacity="0.22"/><rect width="48" height="4" y="30" fill="#000" fill-opacity="0.25"/></pattern>`;
  }
}

function back([, c1, c2, accent, kind]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>${pattern(kind, accent)}</defs>
<rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="18" fill="#fbf7ec"/>
<rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="12" fill="url(#g)"/>
<rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="12" fill="url(#p)"/>
<rect x="22" y="22" width="${W - 44}" height="${H - 44}" rx="8" fill="none" stroke="${accent}" stroke-opacity="0.7" stroke-width="2"/>
<circle cx="${W / 2}" cy="${H / 2}" r="34" fill="${c2}" stroke="${accent}" stroke-width="3"/>
<text x="${W / 2}" y="${H / 2 + 14}" text-anchor="middle" font-family="Georgia, serif" font-size="40" font-weight="700" fill="${accent}">S</text>
</svg>
`;
}

function face(deck, rank, suit) {
  const [, c1, , accent] = deck;
  const ink = RED.has(suit) ? '#c0262d' : '#1b1f1d';
  const s = SUITS[suit];
  const corner = (x, y, rotate) =>
    `<g transform="translate(${x} ${y})${rotate ? ' rotate(180)' : ''}"><text x="0" y="0" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="${rank === '10' ? 40 : 46}" fill="${ink}">${rank}</text><text x="0" y="40" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" fill="${ink}">${s}</text></g>`;
  const isCourt = rank === 'J' || rank === 'Q' || rank === 'K';
  const centre = isCourt
    ? `<rect x="62" y="78" width="126" height="194" rx="10" fill="${c1}" fill-opacity="0.12" stroke="${ink}" stroke-width="3"/>
<text x="${W / 2}" y="205" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="110" fill="${ink}">${rank}</text>
<text x="${W / 2}" y="255" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="${ink}">${s}</text>`
    : `<text x="${W / 2}" y="${H / 2 + 48}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${rank === 'A' ? 170 : 140}" fill="${ink}">${s}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${rank} of ${suit}">
<rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="18" fill="#fffdf6" stroke="${accent}" stroke-width="4"/>
${corner(34, 56, false)}
${corner(W - 34, H - 56, true)}
${centre}
</svg>
`;
}

rmSync(OUT, { recursive: true, force: true });
let files = 0;
for (const deck of DECKS) {
  const dir = path.join(OUT, deck[0]);
  mkdirSync(dir, { recursive: true });
  for (const suit of Object.keys(SUITS)) {
    for (const rank of RANKS) {
      writeFileSync(path.join(dir, `${rank}_${suit}.svg`), face(deck, rank, suit));
      files++;
    }
  }
  writeFileSync(path.join(dir, 'back.svg'), back(deck));
  for (const [name, suit] of Object.entries(PREVIEW_SUITS))
    writeFileSync(path.join(dir, `${name}.svg`), face(deck, 'K', suit));
  files += 5;
}
console.log(
  `generated ${files} card images for ${DECKS.length} decks in ${path.relative(process.cwd(), OUT)}`,
);
