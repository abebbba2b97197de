// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@shared/protocol';
import { matchAtom, queueAtom } from '../../../domain/queue';
import { fakeSocket } from '../../../lib/testing/fake-socket';
import { toastsAtom } from '../../../lib/toast';
import { useMatchmakingEvents } from './useMatchmaking';

vi.mock('../../../lib/realtime', async () => ({
  socket: (await import('../../../lib/testing/fake-socket')).fakeSocket,
}));

const emit = (message: ServerMessage) => act(() => fakeSocket.emit(message));
const seen = { path: '' };

function Probe() {
  useMatchmakingEvents(5);
  const { pathname } = useLocation();
  useEffect(() => {
    seen.path = pathname;
  }, [pathname]);
  return null;
}

describe('match events', () => {
  const store = getDefaultStore();
  beforeEach(() => {
    vi.useFakeTimers();
    fakeSocket.reset();
    store.set(toastsAtom, []);
    render(
      <MemoryRouter initialEntries={['/shop']}>
        <Routes>
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const titles = () => store.get(toastsAtom).map((t) => [t.title, t.message]);

  it('MATCH_FOUND clears the queue and opens the dialog with a 30 s timer', () => {
    emit({ type: 'QUEUE_JOIN_SUCCESS', queue: 'quick' });
    expect(store.get(queueAtom)).toEqual({ inQueue: true, queue: 'quick', size: 2, since: Date.now() });
    emit({ type: 'MATCH_FOUND', token: 'm_2', opponent: { username: '', avatarUrl: null } });
    expect(store.get(queueAtom).inQueue).toBe(false);
    expect(store.get(matchAtom)).toMatchObject({
      token: 'm_2',
      opponents: [{ username: 'Opponent', avatarUrl: null }],
      accepted: false,
    });
    expect(store.get(matchAtom)!.expiresAt - Date.now()).toBe(30_000);
  });

  it('my own rejection: one notice for 5 s', () => {
    emit({ type: 'MATCH_REJECTED', token: 'm_2', rejectedBy: 5 });
    expect(titles()).toEqual([['Match Rejected', 'You rejected the match']]);
    expect(store.get(toastsAtom)[0]!.timeout).toBe(5000);
    act(() => vi.advanceTimersByTime(2000));
    expect(titles()).toHaveLength(1);
  });

  it("the other player's rejection: a notice, then 1 s later 'Want to try again?' for 10 s that re-queues", () => {
    emit({ type: 'MATCH_FOUND', token: 'm_3', opponent: { username: 'kofi', avatarUrl: null } });
    emit({ type: 'MATCH_REJECTED', token: 'm_3', rejectedBy: 9 });
    expect(store.get(matchAtom)).toBeNull();
    expect(titles()).toEqual([['Match Rejected', 'Other player rejected the match.']]);
    act(() => vi.advanceTimersByTime(999));
    expect(titles()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    const again = store.get(toastsAtom)[1]!;
    expect([again.title, again.message, again.timeout]).toEqual([
      'Want to try again?',
      'Click here to search for another match',
      10_000,
    ]);
    act(() => again.onClick!());
    expect(fakeSocket.send).toHaveBeenLastCalledWith({ type: 'JOIN_QUICK_QUEUE' });
  });

  it('a table of 3: every opponent listed; a rejection by another says you are back in the queue', () => {
    emit({ type: 'QUEUE_JOIN_SUCCESS', queue: 'quick', size: 3 });
    expect(store.get(queueAtom)).toMatchObject({ inQueue: true, size: 3 });
    emit({
      type: 'MATCH_FOUND',
      token: 'm_5',
      opponent: { username: 'kofi', avatarUrl: null },
      opponents: [
        { username: 'kofi', avatarUrl: null },
        { username: 'ama', avatarUrl: '/assets/shop/avatars/owl.svg' },
      ],
    });
    expect(store.get(matchAtom)!.opponents.map((o) => o.username)).toEqual(['kofi', 'ama']);
    emit({ type: 'MATCH_REJECTED', token: 'm_5', rejectedBy: 9 });
    emit({ type: 'QUEUE_JOIN_SUCCESS', queue: 'quick', size: 3 });
    expect(titles()).toEqual([
      ['Match Rejected', 'Another player rejected the match. You are back in the queue.'],
    ]);
    act(() => vi.advanceTimersByTime(2000));
    expect(titles()).toHaveLength(1);
    expect(store.get(queueAtom)).toMatchObject({ inQueue: true, queue: 'quick', size: 3 });
  });

  it('GAME_CREATED closes the dialog and goes to the game after 100 ms', () => {
    emit({ type: 'MATCH_FOUND', token: 'm_4', opponent: { username: 'kofi', avatarUrl: null } });
    emit({ type: 'GAME_CREATED', gameId: 'abc123' });
    expect(store.get(matchAtom)).toBeNull();
    act(() => vi.advanceTimersByTime(99));
    expect(seen.path).toBe('/shop');
    act(() => vi.advanceTimersByTime(1));
    expect(seen.path).toBe('/game/abc123');
  });
});
