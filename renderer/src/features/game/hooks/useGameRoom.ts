import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Card } from '@shared/game';
import { applyDelta, deltaFollows, type GameView, type ServerMessageOf } from '@shared/protocol';
import { socket, socketStatusAtom } from '../../../lib/realtime';
import { playSound } from '../../../lib/sounds';
import { toast } from '../../../lib/toast';
import { nextAnnouncement, type Announcement } from './announce';
import { soundsForUpdate, useGameSounds } from './gameSounds';
import { handReason, type HandResult } from './handResult';

/** How long the result of a hand stays on the table before the next deal takes over. */
export const HAND_RESULT_MS = 3500;

export interface GameRoomState {
  game: GameView | null;
  handResult: HandResult | null;
  over: ServerMessageOf<'GAME_OVER'> | null;
  missing: boolean;
  /** A private game called off before it started: declined, withdrawn or expired. */
  cancelled: ServerMessageOf<'GAME_INVITATION_CANCELLED'> | null;
  /** The latest thing worth announcing to screen readers; a new id only when something changed. */
  announcement: Announcement | null;
}

/**
 * Joins a game room over the socket and keeps its view; joins again whenever the socket returns.
 * GAME_STATE sets the view, each GAME_UPDATE applies its changes to it; an update that does not
 * follow the view's seq (one was missed) asks for a fresh GAME_STATE, and updates are ignored while
 * one is awaited (it covers them). See docs/protocol.md, "Game updates are deltas".
 */
export function useGameRoom(gameId: string) {
  const status = useAtomValue(socketStatusAtom);
  const [state, setState] = useState<GameRoomState>({
    game: null,
    handResult: null,
    over: null,
    missing: false,
    cancelled: null,
    announcement: null,
  });
  const authenticated = status.auth === 'authenticated';
  useGameSounds(state.game, state.over);
  /** The view updates apply to (state lags behind React's batching; this never does). */
  const view = useRef<GameView | null>(null);
  /** A GAME_JOIN is out: deltas wait for its GAME_STATE. */
  const awaitingState = useRef(true);

  useEffect(() => {
    // Whatever was sent while the socket was away is lost: only a fresh GAME_STATE is trusted.
    awaitingState.current = true;
    if (!authenticated) return;
    socket.send({ type: 'GAME_JOIN', gameId });
  }, [authenticated, gameId]);

  useEffect(() => {
    let resultTimer: ReturnType<typeof setTimeout> | undefined;
    const off = [
      socket.on('GAME_STATE', (m) => {
        if (m.gameId !== gameId) return;
        view.current = m.game;
        awaitingState.current = false;
        setState((s) => ({ ...s, game: m.game, missing: false }));
      }),
      socket.on('GAME_UPDATE', (m) => {
        if (m.gameId !== gameId || awaitingState.current || !view.current) return;
        if (!deltaFollows(view.current.seq, m.seq)) {
          awaitingState.current = true;
          socket.send({ type: 'GAME_JOIN', gameId });
          return;
        }
        const game = applyDelta(view.current, m);
        view.current = game;
        for (const sound of soundsForUpdate(game, m.events)) playSound(sound);
        setState((s) => {
          let { handResult } = s;
          for (const event of m.events) {
            if (event.kind === 'HAND_WON') {
              handResult = {
                seat: event.seat,
                card: event.card,
                points: event.points,
                reason: handReason(event.card, event.points),
              };
            }
          }
          if (handResult !== s.handResult) {
            clearTimeout(resultTimer);
            resultTimer = setTimeout(() => setState((x) => ({ ...x, handResult: null })), HAND_RESULT_MS);
          }
          const announcement = nextAnnouncement(s.announcement, game, m.events);
          return { ...s, game, handResult, announcement };
        });
      }),
      socket.on('GAME_OVER', (m) => {
        if (m.gameId === gameId)
          setState((s) => ({
            ...s,
            over: m,
            announcement: { id: (s.announcement?.id ?? 0) + 1, text: 'The game is over' },
          }));
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
        if ((m.code === 'GAME_NOT_FOUND' || m.code === 'NOT_A_PLAYER') && m.ref === 'GAME_JOIN')
          setState((s) => ({ ...s, missing: true }));
        else if (m.ref === 'GAME_PLAY' && m.code !== 'STALE_STATE')
          toast({ title: 'Not allowed', description: m.message ?? m.code, variant: 'warning' });
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
      clearTimeout(resultTimer);
      socket.send({ type: 'GAME_LEAVE', gameId });
    };
  }, [gameId]);

  const play = useCallback(
    (card: Card) => {
      if (state.game) socket.send({ type: 'GAME_PLAY', gameId, card, seq: state.game.seq });
    },
    [gameId, state.game],
  );
  const resign = useCallback(() => socket.send({ type: 'GAME_RESIGN', gameId }), [gameId]);
  /** Calls off a private game that has not started (the challenger withdraws, the friend declines). */
  const callOff = useCallback(() => socket.send({ type: 'DECLINE_GAME_INVITATION', gameId }), [gameId]);

  return { ...state, play, resign, callOff };
}
