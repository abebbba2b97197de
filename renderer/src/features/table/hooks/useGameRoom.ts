import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Card } from '@shared/game';
import { applyUpdate, deltaFollows, type ClientMessageOf, type GameView } from '@shared/protocol';
import { socket, socketStatusAtom } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';
import { useGameSounds } from './gameSounds';
import { roomPacer, type RoomItem } from './pacedUpdates';
import { EMPTY_ROOM, type GameRoomState } from './roomState';
import type { TablePacer } from './tablePacing';
import { pausesFor } from './tablePacing';

export { EMPTY_ROOM, type GameRoomState } from './roomState';

/** What the player is told when a held card reached a game that had moved on without it. */
export const HELD_PLAY_STALE = {
  title: 'Card not played',
  description: 'The game moved on while you were away. The table shows where it is now.',
} as const;

/**
 * Joins a game room over the socket and keeps its view; joins again whenever the socket returns.
 * GAME_STATE sets the view, each GAME_UPDATE applies its changes to it; an update that does not
 * follow the view's seq (one was missed) asks for a fresh GAME_STATE, and updates are ignored while
 * one is awaited (it covers them). See docs/protocol.md, "Game updates are deltas".
 */
export function useGameRoom(gameId: string) {
  const status = useAtomValue(socketStatusAtom);
  const [state, setState] = useState<GameRoomState>(EMPTY_ROOM);
  const authenticated = status.auth === 'authenticated';
  useGameSounds(state.game, state.over);
  /** The view updates apply to (state lags behind React's batching; this never does). */
  const view = useRef<GameView | null>(null);
  /** A GAME_JOIN is out: deltas wait for its GAME_STATE. */
  const awaitingState = useRef(true);
  /** The GAME_PLAY the socket holds for now (the very object, so it can be taken back). */
  const heldPlay = useRef<ClientMessageOf<'GAME_PLAY'> | null>(null);

  useEffect(() => {
    // Updates sent while the socket was away are lost: only a fresh GAME_STATE is trusted. (A
    // held play goes out before this GAME_JOIN; its outcome shows in that state.)
    awaitingState.current = true;
    if (!authenticated) {
      // A held play that went out and got no answer before the socket dropped again is no longer
      // held by anyone: free the hand. If it did count, the next GAME_STATE shows it played; if
      // not, the player plays again (a second try of a counted play is refused as stale, quietly).
      if (heldPlay.current && !socket.holds(heldPlay.current)) {
        heldPlay.current = null;
        setState((s) => ({ ...s, held: null }));
      }
      return;
    }
    socket.send({ type: 'GAME_JOIN', gameId });
  }, [authenticated, gameId]);

  /** Holds the table on each finished trick (docs/design.md, "Pacing the table"). */
  const pacer = useRef<TablePacer<RoomItem> | null>(null);

  useEffect(() => {
    const paced = roomPacer(setState);
    pacer.current = paced;
    /** The held card is no longer in the hand: it was played (by this play or, failing it, not at all). */
    const playedOut = (game: GameView): boolean => {
      const held = heldPlay.current;
      if (!held || game.hand.includes(held.card)) return false;
      heldPlay.current = null;
      return true;
    };
    const off = [
      socket.on('GAME_STATE', (m) => {
        if (m.gameId !== gameId) return;
        view.current = m.game;
        awaitingState.current = false;
        // A fresh view covers whatever was waiting behind a pause.
        paced.reset();
        const settled = playedOut(m.game);
        setState((s) => ({ ...s, game: m.game, pause: null, missing: false, held: settled ? null : s.held }));
      }),
      socket.on('GAME_UPDATE', (m) => {
        if (m.gameId !== gameId || awaitingState.current || !view.current) return;
        if (!deltaFollows(view.current.seq, m.seq)) {
          awaitingState.current = true;
          socket.send({ type: 'GAME_JOIN', gameId });
          return;
        }
        // Protocol 3 leaves out events the rules imply: the pacing and sounds need them whole.
        const { game, events } = applyUpdate(view.current, m);
        view.current = game;
        if (playedOut(game)) setState((s) => ({ ...s, held: null }));
        paced.push({ kind: 'update', game, events }, pausesFor(events));
      }),
      socket.on('GAME_OVER', (m) => {
        // After the last trick has been seen.
        if (m.gameId === gameId)
          paced.push(
            {
              kind: 'over',
              // Joining again after the end (a new socket) repeats it without the rating and
              // rewards: the first one, which had them, stays.
              apply: (s) =>
                s.over
                  ? s
                  : {
                      ...s,
                      over: m,
                      announcement: { id: (s.announcement?.id ?? 0) + 1, text: 'The game is over' },
                    },
            },
            [],
          );
      }),
      socket.on('GAME_INVITATION_CANCELLED', (m) => {
        if (m.gameId === gameId)
          setState((s) => ({
            ...s,
            cancelled: m,
            announcement: { id: (s.announcement?.id ?? 0) + 1, text: 'The game was called off' },
          }));
      }),
      socket.on('ERROR', (m) => {
        if ((m.code === 'GAME_NOT_FOUND' || m.code === 'NOT_A_PLAYER') && m.ref === 'GAME_JOIN') {
          setState((s) => ({ ...s, missing: true }));
          return;
        }
        if (m.ref !== 'GAME_PLAY') return;
        // On a new socket the only play out is the held one: this is its answer.
        const wasHeld = heldPlay.current !== null;
        heldPlay.current = null;
        if (wasHeld) setState((s) => ({ ...s, held: null }));
        if (m.code !== 'STALE_STATE')
          toast({ title: 'Not allowed', description: m.message ?? m.code, variant: 'warning' });
        else if (wasHeld) {
          // A fresh GAME_STATE follows the refusal; the player must know the tap did not count.
          toast({ ...HELD_PLAY_STALE, variant: 'warning' });
          setState((s) => ({
            ...s,
            announcement: { id: (s.announcement?.id ?? 0) + 1, text: HELD_PLAY_STALE.title },
          }));
        }
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
      paced.reset();
      // A card held for a table the player has left is not sent after them.
      if (heldPlay.current) socket.unsend(heldPlay.current);
      heldPlay.current = null;
      socket.send({ type: 'GAME_LEAVE', gameId });
    };
  }, [gameId]);

  const play = useCallback(
    (card: Card) => {
      // One card at a time: while one is held, the hand waits for it.
      if (!state.game || heldPlay.current) return;
      // Playing the next lead ends the pause on the trick before it.
      pacer.current?.skip(true);
      const message: ClientMessageOf<'GAME_PLAY'> = { type: 'GAME_PLAY', gameId, card, seq: state.game.seq };
      if (socket.send(message)) return;
      heldPlay.current = message;
      setState((s) => ({
        ...s,
        held: card,
        announcement: { id: (s.announcement?.id ?? 0) + 1, text: 'Card waiting to send' },
      }));
    },
    [gameId, state.game],
  );
  const resign = useCallback(() => socket.send({ type: 'GAME_RESIGN', gameId }), [gameId]);
  /** Calls off a private game that has not started (the challenger withdraws, the friend declines). */
  const callOff = useCallback(() => socket.send({ type: 'DECLINE_GAME_INVITATION', gameId }), [gameId]);

  /** The player tapped the table: the pause ends now. */
  const skipPause = useCallback(() => pacer.current?.skip(), []);

  return { ...state, play, resign, callOff, skipPause };
}
