import { describe, expect, it } from 'vitest';
import { CARDS_PER_HAND } from '@shared/game';
import {
  LIFT_PX,
  MIN_CARD_PX,
  TRICK_LABEL_PX,
  backsWidth,
  cardBox,
  inside,
  overlaps,
  tableLayout,
  type Rect,
} from './layout';

const VIEWPORTS = [
  [360, 640],
  [390, 844],
  [768, 1024],
  [1280, 720],
  [1440, 900],
] as const;

const trickBoxes = (l: ReturnType<typeof tableLayout>) =>
  l.trick.map((p) => {
    const box = cardBox(p, l.trickCard);
    // The player's name sits under the card.
    return { ...box, h: box.h + TRICK_LABEL_PX };
  });

describe('table layout at every viewport and seat count', () => {
  for (const [width, height] of VIEWPORTS) {
    for (const players of [2, 3, 4]) {
      describe(`${width}×${height}, ${players} seats`, () => {
        const l = tableLayout(width, height, players, CARDS_PER_HAND);
        const screen: Rect = { x: 0, y: 0, w: width, h: height };

        it('the whole hand, lifted cards included, is inside the viewport and the hand area', () => {
          expect(l.handCards).toHaveLength(CARDS_PER_HAND);
          for (const place of l.handCards) {
            const box = cardBox(place, l.handCard);
            const lifted = { ...box, y: box.y - 14, h: box.h + 14 };
            expect(inside(lifted, screen), JSON.stringify(lifted)).toBe(true);
            expect(inside(lifted, l.hand)).toBe(true);
          }
          expect(inside(l.hand, screen)).toBe(true);
        });

        it("the toolbar's badges and progress stack on two lines on phones, one line from a tablet", () => {
          expect(l.toolbarStacked).toBe(width < 768);
        });

        it('a fan on phones and a row from 768 px, never narrower than 48 px', () => {
          expect(l.handStyle).toBe(width < 768 ? 'fan' : 'row');
          expect(l.handCard).toBeGreaterThanOrEqual(MIN_CARD_PX);
          expect(l.trickCard).toBeGreaterThanOrEqual(MIN_CARD_PX);
          if (width >= 768) expect(l.handCard).toBeGreaterThanOrEqual(90);
        });

        it('the hand, the status line, the trick, the seats and the toolbar do not overlap', () => {
          const trick = trickBoxes(l);
          for (const box of trick) {
            expect(inside(box, l.trickArea), `trick card ${JSON.stringify(box)}`).toBe(true);
            expect(overlaps(box, l.status)).toBe(false);
            expect(overlaps(box, l.hand)).toBe(false);
          }
          // The trick's cards do not cover one another's name labels much: no two cards coincide.
          for (let i = 0; i < trick.length; i++)
            for (let j = i + 1; j < trick.length; j++)
              expect(trick[i]!.x !== trick[j]!.x || trick[i]!.y !== trick[j]!.y).toBe(true);
          expect(inside(l.status, l.felt)).toBe(true);
          expect(overlaps(l.status, l.hand)).toBe(false);
          expect(overlaps(l.felt, l.hand)).toBe(false);
          expect(overlaps(l.felt, l.me)).toBe(false);
          expect(overlaps(l.me, l.hand)).toBe(false);
          expect(overlaps(l.toolbar, l.felt)).toBe(false);
          for (const seat of l.seats) {
            expect(inside(seat.rect, screen)).toBe(true);
            expect(overlaps(seat.rect, l.felt)).toBe(false);
            expect(overlaps(seat.rect, l.hand)).toBe(false);
            expect(overlaps(seat.rect, l.me)).toBe(false);
          }
          expect(l.felt.h).toBeGreaterThanOrEqual(150);
        });

        it('opponents sit around the felt: top for two, left and right (and top for four)', () => {
          const sides = l.seats.map((s) => s.side);
          expect(sides).toEqual(
            players === 2 ? ['top'] : players === 3 ? ['left', 'right'] : ['left', 'top', 'right'],
          );
          for (const seat of l.seats) {
            if (seat.side === 'top') expect(seat.rect.y + seat.rect.h).toBeLessThanOrEqual(l.felt.y);
            if (seat.side === 'left') expect(seat.rect.x + seat.rect.w).toBeLessThanOrEqual(l.felt.x);
            if (seat.side === 'right') expect(seat.rect.x).toBeGreaterThanOrEqual(l.felt.x + l.felt.w);
            // A full hand of backs fits the seat.
            const back = seat.side === 'top' ? l.topBack : l.sideBack;
            expect(backsWidth(CARDS_PER_HAND, back)).toBeLessThanOrEqual(seat.rect.w);
          }
          // Each seat's card in the trick lies toward that seat.
          const [mine, ...others] = l.trick;
          const centre = l.trickArea.y + l.trickArea.h / 2;
          expect(mine!.cy).toBeGreaterThan(centre - TRICK_LABEL_PX);
          others.forEach((spot, i) => {
            const side = l.seats[i]!.side;
            if (side === 'top') expect(spot.cy).toBeLessThan(mine!.cy);
            if (side === 'left') expect(spot.cx).toBeLessThan(mine!.cx);
            if (side === 'right') expect(spot.cx).toBeGreaterThan(mine!.cx);
          });
        });
      });
    }
  }

  describe('for a spectator, who holds no cards', () => {
    for (const [width, height] of VIEWPORTS) {
      for (const players of [2, 3, 4]) {
        it(`${width}×${height}, ${players} seats: the bottom band holds the backs, and the felt gets the rest`, () => {
          const player = tableLayout(width, height, players, CARDS_PER_HAND);
          const l = tableLayout(width, height, players, CARDS_PER_HAND, { spectator: true });
          const screen: Rect = { x: 0, y: 0, w: width, h: height };
          expect(l.handCards).toEqual([]);
          // The bottom player's backs, drawn LIFT_PX into the band, end inside the window.
          const backs: Rect = { x: l.hand.x, y: l.hand.y + LIFT_PX, w: l.hand.w, h: l.topBack * 1.4 };
          expect(inside(backs, l.hand)).toBe(true);
          expect(inside(l.hand, screen)).toBe(true);
          expect(overlaps(l.me, l.hand)).toBe(false);
          expect(overlaps(l.felt, l.me)).toBe(false);
          for (const box of trickBoxes(l)) expect(inside(box, l.trickArea)).toBe(true);
          for (const seat of l.seats) expect(overlaps(seat.rect, l.felt)).toBe(false);
          // The room a face-up hand would take goes to the felt.
          expect(l.hand.h).toBeLessThan(player.hand.h);
          expect(l.felt.h).toBe(player.felt.h + (player.hand.h - l.hand.h));
          expect(l.felt.y).toBe(player.felt.y);
        });

        it(`${width}×${height}, ${players} seats, embedded without a toolbar: its band goes to the felt`, () => {
          const withToolbar = tableLayout(width, height, players, CARDS_PER_HAND, { spectator: true });
          const l = tableLayout(width, height, players, CARDS_PER_HAND, { spectator: true, toolbar: false });
          const screen: Rect = { x: 0, y: 0, w: width, h: height };
          expect(l.toolbar.h).toBe(0);
          expect(l.felt.y).toBe(withToolbar.felt.y - withToolbar.toolbar.h);
          expect(l.felt.h).toBe(withToolbar.felt.h + withToolbar.toolbar.h);
          expect(l.hand).toEqual(withToolbar.hand);
          for (const seat of l.seats) {
            expect(inside(seat.rect, screen)).toBe(true);
            expect(overlaps(seat.rect, l.felt)).toBe(false);
            expect(overlaps(seat.rect, l.me)).toBe(false);
          }
          expect(overlaps(l.felt, l.me)).toBe(false);
          for (const box of trickBoxes(l)) expect(inside(box, l.trickArea)).toBe(true);
        });
      }
    }
  });

  it('a large window gets large cards: at 1440×900 the hand and the trick are far larger than on a phone', () => {
    for (const players of [2, 3, 4]) {
      const phone = tableLayout(390, 844, players, CARDS_PER_HAND);
      const desktop = tableLayout(1440, 900, players, CARDS_PER_HAND);
      // Before, both stopped at 130 px and the felt stayed 780 px wide, mostly empty.
      expect(desktop.handCard, `${players} seats`).toBeGreaterThanOrEqual(150);
      expect(desktop.handCard).toBeGreaterThanOrEqual(phone.handCard * 1.4);
      expect(desktop.trickCard, `${players} seats`).toBeGreaterThan(130);
      // And they keep growing with a bigger window.
      const big = tableLayout(1920, 1080, players, CARDS_PER_HAND);
      expect(big.handCard).toBeGreaterThan(desktop.handCard);
      expect(big.trickCard).toBeGreaterThan(desktop.trickCard);
    }
    // With seats at its sides the felt widens with the window.
    expect(tableLayout(1440, 900, 4, CARDS_PER_HAND).felt.w).toBeGreaterThan(780);
  });

  it('keeps the card size as cards are played, and centres a shorter hand', () => {
    const full = tableLayout(390, 844, 2, 5);
    const two = tableLayout(390, 844, 2, 2);
    expect(two.handCard).toBe(full.handCard);
    expect((two.handCards[0]!.cx + two.handCards[1]!.cx) / 2).toBeCloseTo(195);
  });
});
