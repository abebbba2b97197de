// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { atom, getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView, ServerMessage } from '@shared/protocol';
import { fakeSocket } from '../../../lib/testing/fake-socket';

const statusAtom = atom({ connection: 'online', auth: 'authenticated', quality: null, latency: null });
vi.mock('../../../lib/realtime', async () => ({
  socketStatusAtom: statusAtom,
  socket: (await import('../../../lib/testing/fake-socket')).fakeSocket,
}));
vi.mock('../../../lib/sounds', () => ({ playSound: () => undefined }));
vi.mock('../../../lib/audio', () => ({ useMusic: () => undefined }));
const { useGameRoom } = await import('./useGameRoom');

const emit = (message: ServerMessage) => act(() => fakeSocket.emit(message));

const view = (seq: number): GameView => ({
  id: 'g1',
  mode: 'quick',
  status: 'active',
  targetScore: 10,
  seq,
  players: [0, 1].map((seat) => ({
    seat,
    userId: seat + 1,
    username: `p${seat}`,
    avatarUrl: null,
    score: 0,
    cardsInHand: 5,
    connected: true,
    isBot: false,
  })),
  you: { seat: 0 },
  hand: ['6_hearts', '7_hearts', '8_hearts', '9_hearts', '10_hearts'],
  dealer: 1,
  turn: 0,
  turnDeadline: null,
  handNumber: 1,
  trickNumber: 1,
  currentTrick: [],
  lastTrick: null,
  legalCards: ['6_hearts'],
  winnerUserId: null,
  spectators: 0,
});

const seen: { game: GameView | null } = { game: null };
function Probe() {
  const { game } = useGameRoom('g1');
  useEffect(() => {
    seen.game = game;
  }, [game]);
  return null;
}

describe('useGameRoom', () => {
  beforeEach(() => {
    fakeSocket.reset();
    getDefaultStore().set(statusAtom, {
      connection: 'online',
      auth: 'authenticated',
      quality: null,
      latency: null,
    });
    render(<Probe />);
  });
  afterEach(cleanup);

  const joins = () => fakeSocket.send.mock.calls.filter(([m]) => m.type === 'GAME_JOIN').length;

  it('applies GAME_UPDATE changes to the GAME_STATE it joined with', () => {
    expect(joins()).toBe(1);
    emit({ type: 'GAME_STATE', gameId: 'g1', game: view(4) });
    emit({
      type: 'GAME_UPDATE',
      gameId: 'g1',
      seq: 5,
      events: [{ kind: 'CARD_PLAYED', seat: 0, card: '6_hearts' }],
      changes: {
        players: [{ seat: 0, cardsInHand: 4 }],
        hand: ['7_hearts', '8_hearts', '9_hearts', '10_hearts'],
        turn: 1,
        currentTrick: [{ seat: 0, card: '6_hearts' }],
        legalCards: [],
      },
    });
    expect(seen.game).toEqual({
      ...view(5),
      players: [{ ...view(5).players[0]!, cardsInHand: 4 }, view(5).players[1]],
      hand: ['7_hearts', '8_hearts', '9_hearts', '10_hearts'],
      turn: 1,
      currentTrick: [{ seat: 0, card: '6_hearts' }],
      legalCards: [],
    });
  });

  it('asks for a fresh GAME_STATE when a seq is missing, and ignores updates until it comes', () => {
    emit({ type: 'GAME_STATE', gameId: 'g1', game: view(4) });
    emit({ type: 'GAME_UPDATE', gameId: 'g1', seq: 6, events: [], changes: { turn: 1 } });
    expect(joins()).toBe(2);
    expect(seen.game).toEqual(view(4));
    emit({ type: 'GAME_UPDATE', gameId: 'g1', seq: 7, events: [], changes: { turn: 0 } });
    expect(joins()).toBe(2);
    expect(seen.game).toEqual(view(4));
    emit({ type: 'GAME_STATE', gameId: 'g1', game: { ...view(7), turn: 1 } });
    emit({ type: 'GAME_UPDATE', gameId: 'g1', seq: 8, events: [], changes: { turn: 0, dealer: 0 } });
    expect(seen.game).toEqual({ ...view(8), turn: 0, dealer: 0 });
  });

  it('after the socket comes back, trusts only a fresh GAME_STATE', () => {
    emit({ type: 'GAME_STATE', gameId: 'g1', game: view(4) });
    act(() =>
      getDefaultStore().set(statusAtom, {
        connection: 'offline',
        auth: 'none',
        quality: null,
        latency: null,
      }),
    );
    act(() =>
      getDefaultStore().set(statusAtom, {
        connection: 'online',
        auth: 'authenticated',
        quality: null,
        latency: null,
      }),
    );
    expect(joins()).toBe(2);
    // Sent while away: it looks like the next seq but the view may have moved on without it.
    emit({ type: 'GAME_UPDATE', gameId: 'g1', seq: 5, events: [], changes: { turn: 1 } });
    expect(seen.game).toEqual(view(4));
    emit({ type: 'GAME_STATE', gameId: 'g1', game: view(6) });
    expect(seen.game).toEqual(view(6));
  });
});
