import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  EMOTE_REFILL_MS,
  emoteOf,
  type ClientMessageOf,
  type EmoteId,
  type GameView,
} from '@shared/protocol';
import { socket } from '../../../lib/realtime';
import { STORAGE_KEYS, getStoredJson, setStoredJson } from '../../../lib/storage';
import { toast } from '../../../lib/toast';

/** How long a reaction's bubble stays by its seat. */
export const EMOTE_BUBBLE_MS = 3000;

/** A reaction on show: `id` is new for each, so the same reaction twice pops twice. */
export interface ShownEmote {
  id: number;
  seat: number;
  emote: EmoteId;
}

/** Whose reactions this player hides in one game: everyone's, or these seats'. */
export interface EmoteMutes {
  all: boolean;
  seats: number[];
}

/** What the table needs to show reactions and offer them. See docs/design.md, "Table reactions". */
export interface TableEmotes {
  /** At most one per seat: the latest. */
  shown: ShownEmote[];
  mutes: EmoteMutes;
  /** The viewer is a player at an active table (spectators watch without sending). */
  canSend: boolean;
  send(emote: EmoteId): void;
  muteAll(muted: boolean): void;
  muteSeat(seat: number, muted: boolean): void;
}

const NO_MUTES: EmoteMutes = { all: false, seats: [] };

const storedMutesSchema = z.object({
  gameId: z.string(),
  all: z.boolean(),
  seats: z.array(z.number().int().min(0).max(3)),
});

/**
 * The mutes of `gameId`, as remembered on this device. Only the latest game's are kept: a mute
 * is for one game, and a new game starts with everyone heard.
 */
export function storedMutes(gameId: string): EmoteMutes {
  const stored = storedMutesSchema.safeParse(getStoredJson(STORAGE_KEYS.emoteMutes));
  if (!stored.success || stored.data.gameId !== gameId) return NO_MUTES;
  return { all: stored.data.all, seats: stored.data.seats };
}

/** Whether a reaction from `seat` is shown to `viewerSeat` under `mutes` (one's own always is). */
export function isHeard(mutes: EmoteMutes, seat: number, viewerSeat: number | null): boolean {
  if (seat === viewerSeat) return true;
  return !mutes.all && !mutes.seats.includes(seat);
}

/**
 * The bubbles and mutes of one table, whatever carries its reactions: `receive` puts a reaction
 * by its seat for EMOTE_BUBBLE_MS unless the viewer muted it.
 */
export function useEmoteBubbles(gameId: string, viewerSeat: number | null) {
  const [state, setState] = useState(() => fresh(gameId));
  // Another game on the same page starts afresh, with that game's own mutes.
  const current = state.gameId === gameId ? state : fresh(gameId);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, [gameId]);

  /** The state of this game, whatever game the last update was for. */
  const update = useCallback(
    (change: (s: BubblesState) => BubblesState) =>
      setState((s) => change(s.gameId === gameId ? s : fresh(gameId))),
    [gameId],
  );

  const receive = useCallback(
    (seat: number, emote: EmoteId) => {
      const id = ++nextId.current;
      update((s) => {
        if (!isHeard(s.mutes, seat, viewerSeat)) return s;
        return { ...s, shown: [...s.shown.filter((e) => e.seat !== seat), { id, seat, emote }] };
      });
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        update((s) => ({ ...s, shown: s.shown.filter((e) => e.id !== id) }));
      }, EMOTE_BUBBLE_MS);
      timers.current.add(timer);
    },
    [update, viewerSeat],
  );

  const change = useCallback(
    (next: (mutes: EmoteMutes) => EmoteMutes) =>
      update((s) => {
        const mutes = next(s.mutes);
        setStoredJson(STORAGE_KEYS.emoteMutes, { gameId, ...mutes });
        // A bubble on show from someone now muted goes at once.
        return { ...s, mutes, shown: s.shown.filter((e) => isHeard(mutes, e.seat, viewerSeat)) };
      }),
    [gameId, update, viewerSeat],
  );
  const muteAll = useCallback((all: boolean) => change((m) => ({ ...m, all })), [change]);
  const muteSeat = useCallback(
    (seat: number, muted: boolean) =>
      change((m) => {
        const others = m.seats.filter((s) => s !== seat);
        return { ...m, seats: muted ? [...others, seat].sort() : others };
      }),
    [change],
  );
  return { shown: current.shown, mutes: current.mutes, receive, muteAll, muteSeat };
}

interface BubblesState {
  gameId: string;
  mutes: EmoteMutes;
  shown: ShownEmote[];
}

function fresh(gameId: string): BubblesState {
  return { gameId, mutes: storedMutes(gameId), shown: [] };
}

/** What a refused GAME_EMOTE tells the player. */
export const EMOTE_RATE_LIMITED = {
  title: 'Easy on the reactions',
  description: `You can react again in ${EMOTE_REFILL_MS / 1000} seconds.`,
} as const;

/**
 * Reactions of a game on the server: GAME_EMOTE out, GAME_EMOTE_SHOWN in (the player's own come
 * back too, so every tab of theirs shows them). See docs/protocol.md, "Table reactions".
 */
export function useSocketEmotes(gameId: string, game: GameView | null): TableEmotes {
  const viewerSeat = game?.you?.seat ?? null;
  const bubbles = useEmoteBubbles(gameId, viewerSeat);
  const { receive } = bubbles;
  useEffect(() => {
    const off = [
      socket.on('GAME_EMOTE_SHOWN', (m) => {
        if (m.gameId === gameId) receive(m.seat, m.emote);
      }),
      socket.on('ERROR', (m) => {
        if (m.ref !== 'GAME_EMOTE') return;
        if (m.code === 'RATE_LIMITED') toast({ ...EMOTE_RATE_LIMITED, variant: 'warning' });
        else toast({ title: 'Reaction not sent', description: m.message ?? m.code, variant: 'warning' });
      }),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [gameId, receive]);
  const send = useCallback(
    (emote: EmoteId) => {
      const message: ClientMessageOf<'GAME_EMOTE'> = { type: 'GAME_EMOTE', gameId, emote };
      if (socket.send(message)) return;
      // A reaction is of the moment: it is not held for when the socket comes back.
      socket.unsend(message);
      toast({ title: 'Reaction not sent', description: 'You are offline.', variant: 'warning' });
    },
    [gameId],
  );
  return { ...bubbles, canSend: viewerSeat !== null && game?.status === 'active', send };
}

/**
 * Reactions at a practice table on this device (docs/design.md, "Offline practice"): the
 * player's own show by their seat; nobody else is there to see them.
 */
export function useLocalEmotes(gameKey: string, game: GameView | null): TableEmotes {
  const viewerSeat = game?.you?.seat ?? null;
  const bubbles = useEmoteBubbles(gameKey, viewerSeat);
  const { receive } = bubbles;
  const send = useCallback(
    (emote: EmoteId) => {
      if (viewerSeat !== null) receive(viewerSeat, emote);
    },
    [receive, viewerSeat],
  );
  return { ...bubbles, canSend: viewerSeat !== null && game?.status === 'active', send };
}

/** "Ama: Nice trick", as a screen reader hears a reaction. */
export function emoteAnnouncement(name: string, emote: EmoteId): string {
  return `${name}: ${emoteOf(emote).label}`;
}
