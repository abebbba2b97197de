import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { REMATCH_SECONDS } from '@shared/constants';
import type { RematchCancelReason, ServerMessage } from '@shared/protocol';
import { PATHS } from '../../../lib/paths';
import { socket } from '../../../lib/realtime';

/**
 * A rematch as this player sees it at game over (docs/protocol.md, "Rematch"): nobody asked yet;
 * asked, with who accepted and until when (on this device's clock); or over without a game.
 */
export type RematchState =
  | { phase: 'idle' }
  | { phase: 'asked'; accepted: number[]; expiresAt: number }
  | { phase: 'ended'; reason: RematchCancelReason | 'closed'; by?: number };

export const REMATCH_IDLE: RematchState = { phase: 'idle' };

/**
 * The state after one server message about `gameId`'s rematch; the same state for anything else.
 * The countdown is set when the offer first arrives here (later updates keep it): to the offer's
 * deadline, as the turn ring trusts a turn's, so a page opened again mid-offer shows the time
 * really left; never more than the whole window from `now`, whatever this device's clock says.
 */
export function nextRematch(
  state: RematchState,
  message: ServerMessage,
  gameId: string,
  now: number,
): RematchState {
  if (message.type === 'ERROR') {
    if (message.ref !== 'ACCEPT_REMATCH') return state;
    // No longer open (declined, expired or left before we asked): nothing more will come.
    return { phase: 'ended', reason: message.code === 'MATCH_NOT_FOUND' ? 'closed' : 'unavailable' };
  }
  if (!('gameId' in message) || message.gameId !== gameId) return state;
  if (message.type === 'REMATCH_UPDATE') {
    const expiresAt =
      state.phase === 'asked' ? state.expiresAt : Math.min(message.deadline, now + REMATCH_SECONDS * 1000);
    return { phase: 'asked', accepted: message.accepted, expiresAt };
  }
  if (message.type === 'REMATCH_CANCELLED')
    return { phase: 'ended', reason: message.reason, ...(message.by !== undefined && { by: message.by }) };
  return state;
}

/**
 * The rematch of a finished game: `accept` asks for it (or agrees), and when every player has,
 * the new game opens here. A player leaving the game-over screen of a game with other players
 * declines it, so nobody waits for them (`offered`: those games, once over).
 */
export function useRematch(gameId: string, offered: boolean) {
  const navigate = useNavigate();
  const [state, setState] = useState<RematchState>(REMATCH_IDLE);
  /** Ended or started: leaving then declines nothing. */
  const settled = useRef(false);

  useEffect(() => {
    // GameRoomPage mounts a fresh room (and this hook) for each game: nothing to reset here.
    const apply = (message: ServerMessage) =>
      setState((s) => {
        const next = nextRematch(s, message, gameId, Date.now());
        if (next.phase === 'ended') settled.current = true;
        return next;
      });
    const off = [
      socket.on('REMATCH_UPDATE', apply),
      socket.on('REMATCH_CANCELLED', apply),
      socket.on('ERROR', apply),
      socket.on('REMATCH_STARTED', (m) => {
        if (m.gameId !== gameId) return;
        settled.current = true;
        navigate(PATHS.game(m.newGameId), { replace: true });
      }),
    ];
    return () => off.forEach((stop) => stop());
  }, [gameId, navigate]);

  useEffect(() => {
    if (!offered) return;
    return () => {
      if (!settled.current) socket.send({ type: 'DECLINE_REMATCH', gameId });
    };
  }, [offered, gameId]);

  const accept = useCallback(() => socket.send({ type: 'ACCEPT_REMATCH', gameId }), [gameId]);
  return { state, accept };
}
