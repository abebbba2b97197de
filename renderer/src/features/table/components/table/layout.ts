import { useViewportSize } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { CARDS_PER_HAND } from '@shared/game';
import type { GameView } from '@shared/protocol';
import { nameOf } from '../../hooks/announce';

export type Player = GameView['players'][number];

/**
 * The table's geometry, computed from the viewport and the number of seats by one pure function
 * so it can be checked at every screen size without a browser. See docs/design.md, "Renderer: the
 * table layout".
 */

/** From this width the hand is a straight row with larger cards; below it, a fan. */
export const WIDE_TABLE_MIN_PX = 768;
/** The toolbar across the top of the room. */
export const TOOLBAR_PX = 44;
/**
 * Below this toolbar width the mode badges and the hand's progress stack on two lines: on one line
 * a phone cut the badges to "RA…" and wrapped the progress, and a spectator's count disappeared.
 */
export const TOOLBAR_ONE_LINE_MIN_PX = 560;
/** A seat's avatar with its turn ring (TurnRing draws at this size). */
export const BADGE_PX = 56;
/** How far a playable card stands up out of the hand. */
export const LIFT_PX = 14;
/** The strip at the top of the felt that holds the status line, kept clear of cards. */
export const STATUS_PX = 26;
/** The strip at the bottom of the felt for the Last trick button. */
const FELT_FOOT_PX = 28;
/** The small name under each card of the trick. */
export const TRICK_LABEL_PX = 16;
const PAD = 8;
const GAP = 8;
const CARD_RATIO = 1.4;
/** The table's widest extent: the felt and the hand grow with the window up to it. */
const MAX_CONTENT_PX = 1600;
/** The largest hand card on a phone and from WIDE_TABLE_MIN_PX: a big window gets big cards. */
const MAX_PHONE_CARD_PX = 104;
const MAX_WIDE_CARD_PX = 190;
/** A wide felt with side seats takes this share of the width, and never less than MIN_WIDE_FELT_PX. */
const WIDE_FELT_SHARE = 0.72;
const MIN_WIDE_FELT_PX = 780;
/** A card is never drawn narrower than this on a phone. */
export const MIN_CARD_PX = 48;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type SeatSide = 'bottom' | 'left' | 'top' | 'right';

/** A card placed by its centre, turned by rot degrees about that centre. */
export interface CardPlace {
  cx: number;
  cy: number;
  rot: number;
}

export interface SeatPlace {
  /** Seat order counted from the viewer, clockwise: 1 sits to the viewer's left. */
  relative: number;
  side: SeatSide;
  rect: Rect;
}

export interface TableLayout {
  width: number;
  height: number;
  wide: boolean;
  /** 'fan' on phones, 'row' from WIDE_TABLE_MIN_PX. */
  handStyle: 'fan' | 'row';
  toolbar: Rect;
  /** The toolbar's middle on two lines (badges over the progress) because one line would not fit. */
  toolbarStacked: boolean;
  /** The other seats, one per opponent, in order from the viewer's left. */
  seats: SeatPlace[];
  felt: Rect;
  status: Rect;
  /** The part of the felt the trick may use. */
  trickArea: Rect;
  trickCard: number;
  /** Where each relative seat's card lies in the trick (index = relative seat, 0 = the viewer). */
  trick: CardPlace[];
  /** The viewer's own seat: avatar, name and score. */
  me: Rect;
  hand: Rect;
  handCard: number;
  /** One place per card in the hand, left to right. */
  handCards: CardPlace[];
  /** Card backs across the top and at the sides. */
  topBack: number;
  sideBack: number;
}

/** Which side of the table each opponent sits on, in seat order from the viewer's left. */
export function seatSides(players: number): SeatSide[] {
  if (players <= 2) return ['top'];
  if (players === 3) return ['left', 'right'];
  return ['left', 'top', 'right'];
}

/** The axis-aligned box a card of width w covers at a place (its rotation included). */
export function cardBox(place: CardPlace, w: number): Rect {
  const h = w * CARD_RATIO;
  const rad = (Math.abs(place.rot) * Math.PI) / 180;
  const hw = (w / 2) * Math.cos(rad) + (h / 2) * Math.sin(rad);
  const hh = (w / 2) * Math.sin(rad) + (h / 2) * Math.cos(rad);
  return { x: place.cx - hw, y: place.cy - hh, w: hw * 2, h: hh * 2 };
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - 0.01 &&
    inner.y >= outer.y - 0.01 &&
    inner.x + inner.w <= outer.x + outer.w + 0.01 &&
    inner.y + inner.h <= outer.y + outer.h + 0.01
  );
}

/** Width of a row of n overlapping backs, each step a fraction of a card. */
export function backsWidth(n: number, back: number): number {
  return n <= 0 ? 0 : back + (n - 1) * back * BACK_STEP;
}
export const BACK_STEP = 0.4;

function fanPlaces(n: number, w: number, centreX: number, bottom: number, avail: number, wide: boolean) {
  const h = w * CARD_RATIO;
  const angleStep = wide ? 0 : n > 1 ? Math.min(6, 24 / (n - 1)) : 0;
  const mid = (n - 1) / 2;
  const outer = cardBox({ cx: 0, cy: 0, rot: angleStep * mid }, w);
  const natural = wide ? w * 1.08 : w * 0.56;
  const step = n > 1 ? Math.max(0, Math.min(natural, (avail - outer.w) / (n - 1))) : 0;
  const drop = wide ? 0 : w * 0.035;
  const places: CardPlace[] = [];
  // Outer cards sit a little lower along the arc; then the whole fan rests on the bottom edge.
  for (let i = 0; i < n; i++) {
    const off = i - mid;
    places.push({ cx: centreX + off * step, cy: off ** 2 * drop, rot: off * angleStep });
  }
  const lowest = Math.max(h / 2, ...places.map((p) => cardBox(p, w).y + cardBox(p, w).h));
  for (const p of places) p.cy += bottom - lowest;
  return places;
}

/**
 * The whole table for a viewport of width × height and a number of seats. handCount is the
 * number of cards the viewer holds now; the card size is chosen for a full hand so it stays the
 * same as cards are played. A `spectator` holds no cards: the bottom band holds only the bottom
 * player's card backs, and the felt gets the rest. Without a `toolbar` (an embedded read-only
 * table) its band goes to the felt too.
 */
export function tableLayout(
  width: number,
  height: number,
  players: number,
  handCount: number,
  { spectator = false, toolbar: withToolbar = true }: { spectator?: boolean; toolbar?: boolean } = {},
): TableLayout {
  const wide = width >= WIDE_TABLE_MIN_PX;
  const sides = seatSides(players);
  const hasTop = sides.includes('top');
  const hasSides = sides.includes('left');
  const contentW = Math.min(width, MAX_CONTENT_PX);
  const left = (width - contentW) / 2;
  const availW = contentW - 2 * PAD;

  const topBack = wide ? 44 : 28;
  const sideBack = wide ? 40 : 24;
  const topH = hasTop ? Math.max(BADGE_PX, Math.round(topBack * CARD_RATIO)) : 0;

  // The hand: as large as the width allows for a full hand, and at most ~30% of the height.
  const full = Math.max(CARDS_PER_HAND, handCount);
  const spread = wide ? 1 + (full - 1) * 1.08 : 1 + (full - 1) * 0.56 + 0.35;
  const byWidth = availW / spread;
  const byHeight = (height * (wide ? 0.27 : 0.3) - LIFT_PX - PAD) / (CARD_RATIO * (wide ? 1 : 1.1));
  const maxCard = wide ? MAX_WIDE_CARD_PX : MAX_PHONE_CARD_PX;
  const handCard = Math.floor(Math.max(MIN_CARD_PX, Math.min(maxCard, byWidth, byHeight)));
  const handCards = spectator ? [] : fanPlaces(handCount, handCard, width / 2, height - PAD, availW, wide);
  const fullPlaces = fanPlaces(full, handCard, width / 2, height - PAD, availW, wide);
  // A spectator's band: the backs (as wide as the seat across's) below the same gap as a lift.
  const handTop = spectator
    ? height - PAD - Math.ceil(topBack * CARD_RATIO) - LIFT_PX
    : Math.min(...fullPlaces.map((p) => cardBox(p, handCard).y)) - LIFT_PX;
  const hand: Rect = { x: left + PAD, y: handTop, w: availW, h: height - PAD - handTop };
  const me: Rect = { x: left + PAD, y: hand.y - BADGE_PX, w: availW, h: BADGE_PX };

  const toolbarH = withToolbar ? TOOLBAR_PX : 0;
  const toolbar: Rect = { x: left + PAD, y: 0, w: availW, h: toolbarH };
  const topRect: Rect = { x: left + PAD, y: toolbarH, w: availW, h: topH };
  const middleTop = toolbarH + (hasTop ? topH + GAP : 0);
  const middleBottom = me.y - GAP;
  const middleH = Math.max(0, middleBottom - middleTop);
  const sideW = hasSides ? (wide ? 150 : 66) : 0;
  // Two players' trick is one column: a wider felt would only be emptier.
  const feltMaxW = !wide
    ? availW
    : hasSides
      ? Math.max(MIN_WIDE_FELT_PX, availW * WIDE_FELT_SHARE)
      : MIN_WIDE_FELT_PX;
  const feltW = Math.min(feltMaxW, availW - (hasSides ? 2 * (sideW + GAP) : 0));
  const felt: Rect = { x: width / 2 - feltW / 2, y: middleTop, w: feltW, h: middleH };
  const status: Rect = { x: felt.x + 8, y: felt.y + 4, w: felt.w - 16, h: STATUS_PX - 4 };
  const trickArea: Rect = {
    x: felt.x + 8,
    y: felt.y + STATUS_PX,
    w: felt.w - 16,
    h: Math.max(0, felt.h - STATUS_PX - FELT_FOOT_PX),
  };

  const seats: SeatPlace[] = sides.map((side, i) => {
    const relative = i + 1;
    if (side === 'top') return { relative, side, rect: topRect };
    const x = side === 'left' ? felt.x - GAP - sideW : felt.x + felt.w + GAP;
    return { relative, side, rect: { x, y: middleTop, w: sideW, h: middleH } };
  });

  // The trick: a cross (or two cards, one above the other, for two players), each card with its
  // player's name under it, as large as the felt allows.
  const n = Math.max(2, players);
  const tilt = 5;
  const unit = cardBox({ cx: 0, cy: 0, rot: tilt }, 1); // a 1 px card's turned box
  const across = n === 2 ? 1 : 2.8;
  // A wide table's cross lets the top and bottom cards reach past the side cards' edges (they
  // sit apart across), so it is shorter and its cards larger.
  const crossDy = wide ? 0.5 : 0.6;
  const down = n === 2 ? 2 : 1 + 2 * crossDy;
  const byTrickW = trickArea.w / (across * unit.w);
  const byTrickH = ((trickArea.h - 4) / down - TRICK_LABEL_PX) / unit.h;
  const trickCard = Math.floor(Math.max(wide ? 60 : MIN_CARD_PX, Math.min(handCard, byTrickW, byTrickH)));
  const bw = unit.w * trickCard;
  const bh = unit.h * trickCard + TRICK_LABEL_PX;
  const cx = trickArea.x + trickArea.w / 2;
  // Each card's centre sits half a label above the centre of its card-and-label box.
  const cy = trickArea.y + trickArea.h / 2 - TRICK_LABEL_PX / 2;
  const dy = n === 2 ? bh / 2 + 2 : bh * crossDy;
  const dx = bw * 0.9;
  const spots: Record<SeatSide, CardPlace> = {
    bottom: { cx, cy: cy + dy, rot: -tilt / 2 },
    top: { cx, cy: cy - dy, rot: tilt / 2 },
    left: { cx: cx - dx, cy, rot: -tilt },
    right: { cx: cx + dx, cy, rot: tilt },
  };
  const trick = [spots.bottom, ...sides.map((s) => spots[s])];

  return {
    width,
    height,
    wide,
    handStyle: wide ? 'row' : 'fan',
    toolbar,
    toolbarStacked: availW < TOOLBAR_ONE_LINE_MIN_PX,
    seats,
    felt,
    status,
    trickArea,
    trickCard,
    trick,
    me,
    hand,
    handCard,
    handCards,
    topBack,
    sideBack,
  };
}

/**
 * The layout for the current window, recomputed when it is resized or turned. A table embedded in
 * a page (the watch page's featured game) passes its frame's width and the height it may take
 * (`useEmbeddedHeight`); 0 means the window's. `spectator`, `toolbar`: see tableLayout.
 */
export function useTableLayout(
  players: number,
  handCount: number,
  {
    frameWidth = 0,
    frameHeight = 0,
    spectator = false,
    toolbar = true,
  }: { frameWidth?: number; frameHeight?: number; spectator?: boolean; toolbar?: boolean } = {},
): TableLayout {
  const { width, height } = useViewportSize();
  // Before the first measurement (and in tests without a window size) fall back to the window.
  const w = frameWidth || width || (typeof window === 'undefined' ? 1280 : window.innerWidth);
  const h = frameHeight || height || (typeof window === 'undefined' ? 720 : window.innerHeight);
  return tableLayout(w, h, players, handCount, { spectator, toolbar });
}

/** An embedded table is never laid out shorter than this: the smallest phone height the layout's tests check. */
export const EMBEDDED_MIN_HEIGHT_PX = 640;

/** An embedded table shrinks no further than this to fit a short window; below it the page scrolls. */
export const EMBEDDED_MIN_SCALE = 0.5;

/**
 * The height of an embedded table: what the window has from the table's top down to `below`
 * pixels above its bottom edge (the bottom tabs and the page's padding), so the whole table,
 * the bottom player included, shows without scrolling. Where that is under
 * EMBEDDED_MIN_HEIGHT_PX (a small phone), the table is laid out at that height and drawn at
 * `scale` to fit, so the layout stays one its tests check. `ref` goes on the table's frame; the
 * height is 0 (the window's) until the frame is in the page, or when `enabled` is false.
 */
export function useEmbeddedHeight(
  enabled: boolean,
  below: number,
): { ref: (frame: HTMLElement | null) => void; height: number; scale: number } {
  const { height } = useViewportSize();
  const [frame, setFrame] = useState<HTMLElement | null>(null);
  if (!enabled || !frame) return { ref: setFrame, height: 0, scale: 1 };
  // Read on every render: a resize re-renders through useViewportSize, and the frame may have moved.
  const top = frame.getBoundingClientRect().top + window.scrollY;
  const windowHeight = height || window.innerHeight;
  const available = Math.floor(windowHeight - top - below);
  if (available >= EMBEDDED_MIN_HEIGHT_PX) return { ref: setFrame, height: available, scale: 1 };
  const scale = Math.max(EMBEDDED_MIN_SCALE, available / EMBEDDED_MIN_HEIGHT_PX);
  return { ref: setFrame, height: EMBEDDED_MIN_HEIGHT_PX, scale };
}

/** Whether the table may animate: false when the player asked the system for reduced motion. */
export function useTableMotion(): boolean {
  // Read at once, not after a first render, so nothing animates before the answer is known.
  const [reduced, setReduced] = useState(() => reducedMotionQuery()?.matches ?? false);
  useEffect(() => {
    const query = reducedMotionQuery();
    if (!query) return;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return !reduced;
}

function reducedMotionQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia('(prefers-reduced-motion: reduce)');
}

/** Runs a Web Animations API animation where the browser has it; null elsewhere. */
export function animate(
  el: Element | null,
  keyframes: Keyframe[],
  options: KeyframeAnimationOptions,
): Animation | null {
  if (!el || typeof el.animate !== 'function') return null;
  return el.animate(keyframes, options);
}

/** The viewer's own seat, or undefined for a spectator. */
export function viewerOf(game: GameView): Player | undefined {
  return game.you ? game.players.find((p) => p.seat === game.you!.seat) : undefined;
}

/** A seat's order from the viewer's seat, clockwise: 0 is the viewer (or the bottom seat). */
export function relativeSeat(seat: number, bottomSeat: number, players: number): number {
  return (seat - bottomSeat + players) % players;
}

/** 'You' for the viewer's seat, else that player's name. */
export function seatName(game: GameView, seat: number): string {
  // Under a trick card and in the last trick a bot goes by its persona alone ("Kofi"), as in the
  // status line: "Kofi (easy)" did not fit a phone's trick.
  return nameOf(game, seat);
}

/**
 * The line over the trick in two parts: a player's name (null when none is named) and the words
 * after it. The name may be cut short on a narrow felt; the words never are.
 */
export function statusParts(game: GameView): { name: string | null; words: string } {
  if (game.status === 'finished') return { name: null, words: 'Game over' };
  const turn = game.players.find((p) => p.seat === game.turn);
  if (!turn) return { name: null, words: '' };
  if (game.you && turn.seat === game.you.seat)
    return { name: null, words: game.currentTrick.length === 0 ? 'Your lead' : 'Your turn' };
  return { name: turn.username, words: 'to play' };
}

/** The line over the trick: whose turn it is, from the viewer's side. */
export function statusLine(game: GameView): string {
  const { name, words } = statusParts(game);
  return name === null ? words : `${name} ${words}`;
}
