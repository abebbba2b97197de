// The standard pip layouts of number cards: [column, row] with columns L, C, R and rows from 0
// (top) to 1 (bottom). Pips below the middle are turned upside down, as on printed cards.
import { suitUse } from './suits.mjs';

const L = 0;
const C = 1;
const R = 2;
const sides = (rows) =>
  rows.flatMap((r) => [
    [L, r],
    [R, r],
  ]);

export const LAYOUTS = {
  2: [
    [C, 0],
    [C, 1],
  ],
  3: [
    [C, 0],
    [C, 0.5],
    [C, 1],
  ],
  4: sides([0, 1]),
  5: [...sides([0, 1]), [C, 0.5]],
  6: sides([0, 0.5, 1]),
  7: [...sides([0, 0.5, 1]), [C, 0.25]],
  8: [...sides([0, 0.5, 1]), [C, 0.25], [C, 0.75]],
  9: [...sides([0, 1 / 3, 2 / 3, 1]), [C, 0.5]],
  10: [...sides([0, 1 / 3, 2 / 3, 1]), [C, 1 / 6], [C, 5 / 6]],
};

const COLUMNS = [83, 125, 167];
const TOP = 68;
const BOTTOM = 282;
const SIZE = 38;

/** The pips of a number card (2–10), each a `<use class="p">` of the suit shape. */
export function pips(rank) {
  return LAYOUTS[rank]
    .map(([col, row]) => {
      const y = +(TOP + (BOTTOM - TOP) * row).toFixed(1);
      return suitUse('p', COLUMNS[col], y, SIZE, row > 0.5);
    })
    .join('');
}
