/**
 * GAME_UPDATE carries only what changed in the recipient's view since the last GAME_UPDATE for the
 * same seat (see docs/protocol.md, "Game updates are deltas"). `diffView` is the server's half,
 * `applyDelta` the client's; the round trip is property-tested against full views.
 */
import type { GameChanges, GameView } from './server';

type PlayerView = GameView['players'][number];

/** Structural equality of JSON values (what a view is made of). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => same(value, other[i]));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const objB = b as Record<string, unknown>;
  return keysA.every(
    (key) => Object.hasOwn(objB, key) && same((a as Record<string, unknown>)[key], objB[key]),
  );
}

/** A top-level field of a view that `changes` may carry as it is (all but `seq` and `players`). */
export type ViewField = Exclude<keyof GameView, 'seq' | 'players'>;

/**
 * The fields that differ between recipients of the same update: a seat's own. Every other field
 * of a view is the same for all of them, so a room diffs and encodes it once per update.
 */
export const OWN_FIELDS = ['you', 'hand', 'legalCards'] as const satisfies readonly ViewField[];

/**
 * What `next` changes in `prev` (everything, when there is no `prev`). Two fields are sent even
 * unchanged, because they can change between updates without one being sent, so a client that
 * joined (GAME_STATE) in between may hold a value the previous update did not: `spectators`
 * always, and every player's `connected` while the previous view was not of a running game.
 */
export function diffView(prev: GameView | undefined, next: GameView): GameChanges {
  const fields = (Object.keys(next) as (keyof GameView)[]).filter(
    (key): key is ViewField => key !== 'seq' && key !== 'players',
  );
  const changes = diffFields(prev, next, fields);
  const players = diffPlayers(prev, next);
  if (players) changes.players = players;
  return changes;
}

/**
 * `diffView` for some of the fields: those of `fields` that changed from `prev` to `next`, in
 * that order (every one, when there is no `prev`). `spectators` is always sent.
 */
export function diffFields(
  prev: Partial<GameView> | undefined,
  next: Partial<GameView>,
  fields: readonly ViewField[],
): GameChanges {
  const changes: Record<string, unknown> = {};
  for (const key of fields)
    if (!prev || key === 'spectators' || !same(prev[key], next[key])) changes[key] = next[key];
  return changes as GameChanges;
}

/** `diffView` for the players: each one with a changed field, as `{seat, …changed}`; none: undefined. */
export function diffPlayers(
  prev: Pick<GameView, 'players' | 'status'> | undefined,
  next: Pick<GameView, 'players'>,
): GameChanges['players'] {
  const players: NonNullable<GameChanges['players']> = [];
  const silentConnected = !prev || prev.status !== 'active';
  for (const player of next.players) {
    const before = prev?.players.find((p) => p.seat === player.seat);
    const entry: Record<string, unknown> = { seat: player.seat };
    for (const key of Object.keys(player) as (keyof PlayerView)[]) {
      if (key === 'seat') continue;
      if (!before || (key === 'connected' && silentConnected) || !same(before[key], player[key]))
        entry[key] = player[key];
    }
    if (Object.keys(entry).length > 1) players.push(entry as PlayerView);
  }
  return players.length > 0 ? players : undefined;
}

/**
 * Whether an update at `seq` follows a view at `viewSeq`: the next seq, or the same one (a player
 * connecting or leaving changes the view, not the seq). Anything else means updates were missed.
 */
export function deltaFollows(viewSeq: number, seq: number): boolean {
  return seq === viewSeq || seq === viewSeq + 1;
}

/** The view after an update: `view` with the update's changes and seq (a new object; `view` is untouched). */
export function applyDelta(view: GameView, update: { seq: number; changes: GameChanges }): GameView {
  const { players: changedPlayers, ...fields } = update.changes;
  const players = changedPlayers
    ? mergePlayers(view.players, changedPlayers as (Partial<PlayerView> & { seat: number })[])
    : view.players;
  return { ...view, ...(fields as Partial<GameView>), seq: update.seq, players };
}

function mergePlayers(
  players: PlayerView[],
  changed: (Partial<PlayerView> & { seat: number })[],
): PlayerView[] {
  const merged = players.map((player) => {
    const change = changed.find((c) => c.seat === player.seat);
    return change ? { ...player, ...change } : player;
  });
  // A seat the view did not have yet (only with no base view) arrives whole.
  for (const change of changed)
    if (!players.some((p) => p.seat === change.seat)) merged.push(change as PlayerView);
  return merged.sort((a, b) => a.seat - b.seat);
}
