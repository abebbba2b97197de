// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchAtom } from '../../../domain/queue';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';

const sent: object[] = [];
vi.mock('../../../lib/realtime', () => ({ socket: { send: (m: object) => sent.push(m) } }));
const { MatchDialog } = await import('./MatchDialog');

function show(...opponents: (string | { username: string; avatarUrl: string | null })[]) {
  getDefaultStore().set(matchAtom, {
    token: 'm_1',
    opponents: (opponents.length ? opponents : ['kofi']).map((o) =>
      typeof o === 'string' ? { username: o, avatarUrl: null } : o,
    ),
    expiresAt: Date.now() + 30_000,
    accepted: false,
  });
  renderWithProviders(<MatchDialog userId={5} />);
}

describe('match dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    sent.length = 0;
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => {
    cleanup();
    getDefaultStore().set(matchAtom, null);
    vi.useRealTimers();
  });

  it('shows the opponent, a 30-second countdown and Accept / Decline', () => {
    show();
    expect(screen.getByText('kofi')).toBeTruthy();
    expect(screen.getByText('30 seconds left')).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_050));
    expect(screen.getByText('20 seconds left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it("shows the opponent's avatar, or their initials without one", () => {
    show({ username: 'kofi', avatarUrl: '/assets/shop/avatars/owl.svg' });
    expect(screen.getByRole('img', { name: "kofi's avatar" }).getAttribute('src')).toBe(
      '/assets/shop/avatars/owl.svg',
    );
    cleanup();
    show('kofi');
    expect(screen.queryByRole('img', { name: "kofi's avatar" })).toBeNull();
    expect(screen.getByText('KO')).toBeTruthy();
  });

  it('lists every opponent at a table of 4 and waits for all of them after Accept', () => {
    show('kofi', { username: 'ama', avatarUrl: '/assets/shop/avatars/owl.svg' }, 'yaw');
    expect(screen.getByText('Your opponents (4-player table):')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items.map((text) => text?.replace(/^[A-Z]{1,2}/, ''))).toEqual(['kofi', 'ama', 'yaw']);
    expect(screen.getByRole('img', { name: "ama's avatar" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(sent).toEqual([{ type: 'ACCEPT_MATCH', token: 'm_1', userId: 5 }]);
    expect(screen.getByText('Waiting for the other players...')).toBeTruthy();
  });

  it('after Accept sends ACCEPT_MATCH and waits for the other player', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(sent).toEqual([{ type: 'ACCEPT_MATCH', token: 'm_1', userId: 5 }]);
    expect(screen.getByText('Waiting for the other player...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('Decline sends REJECT_MATCH and closes the dialog', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(sent).toEqual([{ type: 'REJECT_MATCH', token: 'm_1', userId: 5 }]);
    expect(getDefaultStore().get(matchAtom)).toBeNull();
  });

  it('after 30 s unanswered it rejects, resets and shows Match Expired', () => {
    show();
    act(() => vi.advanceTimersByTime(29_900));
    expect(sent).toEqual([]);
    act(() => vi.advanceTimersByTime(200));
    expect(sent).toEqual([{ type: 'REJECT_MATCH', token: 'm_1', userId: 5 }]);
    expect(getDefaultStore().get(matchAtom)).toBeNull();
    expect(
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.title),
    ).toEqual(['Match Expired']);
  });
});
