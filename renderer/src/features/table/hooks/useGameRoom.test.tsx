// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { atom, getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView, ServerMessage, ServerMessageOf } from '@shared/protocol';
import { gameView } from '@shared/testing/views';
import { fakeSocket } from '../../../lib/testing/fake-socket';
import { toastsAtom } from '../../../lib/toast';

const statusAtom = atom({ connection: 'online', auth: 'authenticated', quality: null, latency: null });
const up = { connection: 'online', auth: 'authenticated', quality: null, latency: null };
const down = { connection: 'offline', auth: 'none', quality: null, latency: null };
vi.mock('../../../lib/realtime', async () => ({
  socketStatusAtom: statusAtom,
  socket: (await import('../../../lib/testing/fake-socket')).fakeSocket,
}));
vi.mock('../../../lib/sounds', () => ({ playSound: () => undefined }));
vi.mock('../../../lib/audio', () => ({ useMusic: () => undefined }));
const { useGameRoom, HELD_PLAY_STALE } = await import('./useGameRoom');

const emit = (message: ServerMessage) => act(() => fakeSocket.emit(message));

const view = (seq: number): GameView =>
  gameView({
    mode: 'quick',
    seq,
    hand: ['6_hearts', '7_hearts', '8_hearts', '9_hearts', '10_hearts'],
    legalCards: ['6_hearts'],
    spectators: 0,
  });

const seen: { game: GameView | null; room: ReturnType<typeof useGameRoom> | null } = {
  game: null,
  room: null,
};
function Probe() {
  const room = useGameRoom('g1');
  const { game } = room;
  useEffect(() => {
    seen.game = game;
  }, [game]);
  useEffect(() => {
    seen.room = room;
  });
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
    getDefaultStore().set(toastsAtom, []);
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

  it('protocol 3: puts back the trick won and the turn the rules imply, and pauses on the trick', () => {
    emit({
      type: 'GAME_STATE',
      gameId: 'g1',
      game: { ...view(4), turn: 1, legalCards: [], currentTrick: [{ seat: 0, card: 'K_spades' }] },
    });
    // Seat 1's last card of the trick: its winner, the lead and the turn's seat are not sent.
    emit({
      type: 'GAME_UPDATE',
      gameId: 'g1',
      seq: 5,
      events: [{ kind: 'CARD_PLAYED', seat: 1, card: '7_spades' }],
      deadline: 1_795_260_047_000,
      changes: {},
      implied: 3,
    });
    const trick = [
      { seat: 0, card: 'K_spades' },
      { seat: 1, card: '7_spades' },
    ];
    expect(seen.game).toMatchObject({
      seq: 5,
      currentTrick: [],
      lastTrick: { plays: trick, winner: 0 },
      trickNumber: 2,
      turn: 0,
      turnDeadline: 1_795_260_047_000,
      legalCards: view(4).hand,
      players: [
        { seat: 0, cardsInHand: 5 },
        { seat: 1, cardsInHand: 4 },
      ],
    });
    expect(seen.room?.pause).toMatchObject({ phase: 'trick' });
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

  it('a finished game joined again shows its end; a repeat on a new socket keeps the first, with the rating', () => {
    const finished: GameView = {
      ...view(9),
      status: 'finished',
      turn: null,
      legalCards: [],
      winnerUserId: 1,
    };
    const base: ServerMessageOf<'GAME_OVER'> = {
      type: 'GAME_OVER',
      gameId: 'g1',
      winnerUserId: 1,
      reason: 'resign',
      scores: [3, 1],
    };
    // A reloaded page: the state, then the end it missed.
    emit({ type: 'GAME_STATE', gameId: 'g1', game: finished });
    emit(base);
    expect(seen.room?.over).toEqual(base);
    expect(seen.room?.announcement?.text).toBe('The game is over');
    const announced = seen.room?.announcement?.id;

    cleanup();
    fakeSocket.reset();
    render(<Probe />);
    const rated = { ...base, ratingChange: [{ userId: 1, before: 1500, after: 1516, delta: 16 }] };
    emit({ type: 'GAME_STATE', gameId: 'g1', game: finished });
    emit(rated);
    // The socket comes back: joining again repeats the end without the rating.
    emit({ type: 'GAME_STATE', gameId: 'g1', game: finished });
    emit(base);
    expect(seen.room?.over).toEqual(rated);
    expect(seen.room?.announcement?.id).toBe(announced);
  });

  describe('a card tapped while the socket is down', () => {
    const plays = () => fakeSocket.send.mock.calls.filter(([m]) => m.type === 'GAME_PLAY').map(([m]) => m);
    const setStatus = (status: typeof up) => act(() => getDefaultStore().set(statusAtom, status));
    /** The socket holds what it cannot send, as SocketClient does until it is signed in again. */
    const holdPlays = () => {
      fakeSocket.send.mockImplementation((m: { type: string }) => m.type !== 'GAME_PLAY');
      fakeSocket.holds.mockImplementation((m) => m.type === 'GAME_PLAY');
    };
    /** The socket signs in again and sends what it held. */
    const flush = () => {
      fakeSocket.send.mockImplementation(() => true);
      fakeSocket.holds.mockImplementation(() => false);
      setStatus(up);
    };

    beforeEach(() => {
      emit({ type: 'GAME_STATE', gameId: 'g1', game: view(4) });
      setStatus(down);
      holdPlays();
      act(() => seen.room!.play('6_hearts'));
    });

    it('is held with the seq it was played on, shown waiting, and the hand waits with it', () => {
      expect(plays()).toEqual([{ type: 'GAME_PLAY', gameId: 'g1', card: '6_hearts', seq: 4 }]);
      expect(seen.room!.held).toBe('6_hearts');
      expect(seen.room!.announcement?.text).toBe('Card waiting to send');
      act(() => seen.room!.play('7_hearts'));
      expect(plays()).toHaveLength(1);
    });

    it('is settled by the fresh state once it has been played, with nothing to tell', () => {
      fakeSocket.send.mockImplementation(() => true);
      setStatus(up);
      // Still in the hand in the state the join answers with: the play has not been applied yet.
      emit({ type: 'GAME_STATE', gameId: 'g1', game: view(4) });
      expect(seen.room!.held).toBe('6_hearts');
      emit({
        type: 'GAME_UPDATE',
        gameId: 'g1',
        seq: 5,
        events: [{ kind: 'CARD_PLAYED', seat: 0, card: '6_hearts' }],
        changes: { hand: ['7_hearts', '8_hearts', '9_hearts', '10_hearts'], turn: 1, legalCards: [] },
      });
      expect(seen.room!.held).toBeNull();
      expect(getDefaultStore().get(toastsAtom)).toEqual([]);
      act(() => seen.room!.play('7_hearts'));
      expect(plays()).toHaveLength(2);
    });

    it('refused as stale (the game moved on meanwhile): the player is told and sees the fresh table', () => {
      fakeSocket.send.mockImplementation(() => true);
      setStatus(up);
      emit({ type: 'ERROR', code: 'STALE_STATE', message: 'The game has moved on', ref: 'GAME_PLAY' });
      emit({ type: 'GAME_STATE', gameId: 'g1', game: { ...view(6), turn: 1, legalCards: [] } });
      expect(seen.room!.held).toBeNull();
      expect(seen.game?.seq).toBe(6);
      const toasts = getDefaultStore().get(toastsAtom);
      expect(toasts).toHaveLength(1);
      expect(toasts[0]).toMatchObject({ title: HELD_PLAY_STALE.title });
      expect(seen.room!.announcement?.text).toBe(HELD_PLAY_STALE.title);
      // A stale refusal of a play that was never held stays quiet, as before.
      emit({ type: 'ERROR', code: 'STALE_STATE', message: 'The game has moved on', ref: 'GAME_PLAY' });
      expect(getDefaultStore().get(toastsAtom)).toHaveLength(1);
    });

    it('sent, then lost with the socket before any answer: the hand is free again, not locked', () => {
      flush();
      setStatus(down);
      expect(seen.room!.held).toBeNull();
      flush();
      emit({ type: 'GAME_STATE', gameId: 'g1', game: view(4) });
      act(() => seen.room!.play('6_hearts'));
      expect(plays()).toHaveLength(2);
    });

    it('still waiting in the socket when it drops again: it stays held', () => {
      setStatus(up);
      setStatus(down);
      expect(seen.room!.held).toBe('6_hearts');
    });

    it('is taken back when the player leaves the table before it could be sent', () => {
      const [held] = plays();
      cleanup();
      expect(fakeSocket.unsend).toHaveBeenCalledWith(held);
      expect(fakeSocket.unsend.mock.calls[0]![0]).toBe(held);
    });
  });
});
