// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Provider, createStore, getDefaultStore } from 'jotai';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../../lib/testing/fake-socket';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { NextGameNotice } from '../components/NextGameNotice';
import { useTournamentEvents } from './useTournamentEvents';

vi.mock('../../../lib/realtime', async () => ({
  socket: (await import('../../../lib/testing/fake-socket')).fakeSocket,
}));

function Frame() {
  useTournamentEvents(7);
  const { pathname } = useLocation();
  return (
    <>
      <output aria-label="Address">{pathname}</output>
      <NextGameNotice aboveNav />
    </>
  );
}

function open(route: string) {
  // A store of its own per test: a notice left waiting by one test is not the next one's.
  renderWithProviders(
    <Provider store={createStore()}>
      <Frame />
    </Provider>,
    { route },
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('tournament messages anywhere in the app', () => {
  beforeEach(() => fakeSocket.reset());
  afterEach(cleanup);

  it("opens the new table at once from that tournament's page", () => {
    open('/tournaments/4');
    act(() => fakeSocket.emit({ type: 'TOURNAMENT_GAME', tournamentId: 4, gameId: 'g1' }));
    expect(address()).toBe('/game/g1');
    expect(screen.queryByRole('alertdialog', { name: 'Your next game' })).toBeNull();
  });

  it('elsewhere shows "Your next game", whose Play opens the table and closes the notice', () => {
    open('/game/g0');
    act(() => fakeSocket.emit({ type: 'TOURNAMENT_GAME', tournamentId: 4, gameId: 'g1' }));
    expect(address()).toBe('/game/g0');
    const notice = screen.getByRole('alertdialog', { name: 'Your next game' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Play' }));
    expect(address()).toBe('/game/g1');
    expect(screen.queryByRole('alertdialog', { name: 'Your next game' })).toBeNull();
  });

  it('says five minutes before the start, and the notice leads to the tournament', () => {
    open('/shop');
    act(() =>
      fakeSocket.emit({
        type: 'TOURNAMENT_STARTING',
        tournamentId: 4,
        name: 'Friday Arena',
        startsAt: new Date().toISOString(),
      }),
    );
    // Toasts live in the app's default store (lib/toast.ts).
    const notice = getDefaultStore().get(toastsAtom).at(-1);
    expect(notice?.title).toBe('Friday Arena starts in 5 minutes');
    act(() => notice!.onClick!());
    expect(address()).toBe('/tournaments/4');
  });
});
