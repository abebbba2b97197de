import type { BotLevel } from '@shared/game';
import type { GameMode } from '@shared/protocol';

/** One seat of the game to be played again: the same player, or a bot of the same level. */
export type RematchSeat = { userId: number; username: string } | { bot: BotLevel; username?: string };

/** A rematch asked for at a finished game (docs/protocol.md, "Rematch"). */
export interface RematchOffer {
  /** The finished game: one offer per game, ever. */
  gameId: string;
  mode: GameMode;
  /** Its seats in order: the new game seats everyone where they sat. */
  seats: RematchSeat[];
  /** The players who accepted so far. */
  accepted: number[];
  /** When the offer lapses (ms since the epoch, the app's clock). */
  deadline: number;
}

/**
 * Rematch offers, shared by all nodes in Redis so an answer reaching any node counts. An offer is
 * opened once per game: after `take` hands it to one caller (who starts the game, or ends the offer
 * as declined or expired) the game is closed to rematches, so late or repeated answers never open
 * a second one.
 */
export interface RematchStore {
  /** Opens `offer` unless the game has one; the offer as it stands, or 'closed' once taken. */
  open(offer: RematchOffer): Promise<RematchOffer | 'closed'>;
  /** Records the player's acceptance; the offer as it now stands, or undefined if none is open. */
  accept(gameId: string, userId: number): Promise<RematchOffer | undefined>;
  /** The game's open offer as it stands, without touching it; undefined if none is open. */
  peek(gameId: string): Promise<RematchOffer | undefined>;
  /** The open offer of a game the user plays in (at most one: a player has one game over at a time). */
  openFor(userId: number): Promise<string | undefined>;
  /** Removes the offer and closes the game to rematches; returns it to one caller only. */
  take(gameId: string): Promise<RematchOffer | undefined>;
  /** Takes every offer whose deadline is at or before `now` (a node that died leaves some behind). */
  takeExpired(now: number): Promise<RematchOffer[]>;
}

export function humansOf(offer: Pick<RematchOffer, 'seats'>): { userId: number; username: string }[] {
  return offer.seats.flatMap((s) => ('bot' in s ? [] : [s]));
}

/** Games closed to rematches one node remembers; the oldest are forgotten past this many. */
const CLOSED_KEPT = 10_000;

export class LocalRematchStore implements RematchStore {
  private readonly offers = new Map<string, RematchOffer>();
  /** Games whose offer was taken, oldest first. */
  private readonly closed = new Set<string>();
  private readonly byUser = new Map<number, string>();

  async open(offer: RematchOffer) {
    if (this.closed.has(offer.gameId)) return 'closed' as const;
    const known = this.offers.get(offer.gameId);
    if (known) return copy(known);
    this.offers.set(offer.gameId, copy(offer));
    for (const p of humansOf(offer)) this.byUser.set(p.userId, offer.gameId);
    return copy(offer);
  }

  async accept(gameId: string, userId: number) {
    const offer = this.offers.get(gameId);
    if (!offer || !humansOf(offer).some((p) => p.userId === userId)) return undefined;
    if (!offer.accepted.includes(userId)) offer.accepted.push(userId);
    return copy(offer);
  }

  async peek(gameId: string) {
    const offer = this.offers.get(gameId);
    return offer && copy(offer);
  }

  async openFor(userId: number) {
    return this.byUser.get(userId);
  }

  async take(gameId: string) {
    const offer = this.offers.get(gameId);
    if (!offer) return undefined;
    this.offers.delete(gameId);
    this.closed.add(gameId);
    if (this.closed.size > CLOSED_KEPT) this.closed.delete(this.closed.values().next().value!);
    for (const p of humansOf(offer)) if (this.byUser.get(p.userId) === gameId) this.byUser.delete(p.userId);
    return offer;
  }

  async takeExpired(now: number) {
    const taken: RematchOffer[] = [];
    for (const [gameId, offer] of this.offers) {
      if (offer.deadline > now) continue;
      const mine = await this.take(gameId);
      if (mine) taken.push(mine);
    }
    return taken;
  }
}

function copy(offer: RematchOffer): RematchOffer {
  return { ...offer, accepted: [...offer.accepted] };
}
