// Generates the SVG card art of every deck folder (shared/decks.ts) into renderer/public/assets/decks
// (or the folder given as the first argument): {rank}_{suit}.svg for ranks A, 2–10, J, Q, K,
// four-colour/{rank}_{suit}.svg for the suits whose ink differs in the four-colour set, back.svg,
// and the previews A13–D13 (the Kings of spades, hearts, clubs and diamonds).
// See docs/design.md, "Renderer".
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { back } from './back.mjs';
import { RANKS, cardFace } from './face.mjs';
import { FOUR_COLOUR_SUITS, INKS, SUITS } from './suits.mjs';
import { STYLES } from './styles.mjs';

const OUT = path.resolve(process.argv[2] ?? 'renderer/public/assets/decks');
const PREVIEWS = { A13: 'spades', B13: 'hearts', C13: 'clubs', D13: 'diamonds' };

rmSync(OUT, { recursive: true, force: true });
let files = 0;
let bytes = 0;
function write(file, text) {
  writeFileSync(file, text);
  files++;
  bytes += Buffer.byteLength(text);
}

for (const st of STYLES) {
  const dir = path.join(OUT, st.folder);
  mkdirSync(path.join(dir, 'four-colour'), { recursive: true });
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      write(path.join(dir, `${rank}_${suit}.svg`), cardFace(st, rank, suit, INKS.standard[suit]));
      if (FOUR_COLOUR_SUITS.includes(suit))
        write(
          path.join(dir, 'four-colour', `${rank}_${suit}.svg`),
          cardFace(st, rank, suit, INKS.fourColour[suit]),
        );
    }
  }
  write(path.join(dir, 'back.svg'), back(st));
  for (const [name, suit] of Object.entries(PREVIEWS))
    write(path.join(dir, `${name}.svg`), cardFace(st, 'K', suit, INKS.standard[suit]));
}
console.log(
  `generated ${files} card images (${(bytes / 1024 / 1024).toFixed(1)} MB) for ${STYLES.length} decks in ${path.relative(process.cwd(), OUT) || '.'}`,
);
