// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkOnlineAtom } from '../lib/network';
import type { SocketStatus } from '../lib/socket';
import { renderWithProviders } from '../lib/testing/render';

const { statusAtom, reconnectNow } = await vi.hoisted(async () => {
  const { atom } = await import('jotai');
  return {
    statusAtom: atom<SocketStatus>({
      connection: 'offline',
      auth: 'none',
      quality: null,
      latency: null,
      reconnect: 'none',
    }),
    reconnectNow: vi.fn(),
  };
});
vi.mock('../lib/realtime', () => ({ socketStatusAtom: statusAtom, socket: { reconnectNow } }));
const { ConnectionStatus } = await import('./ConnectionStatus');
const { connectionView } = await import('../lib/connection-state');

const store = getDefaultStore();
const setStatus = (change: Partial<SocketStatus>) =>
  act(() => store.set(statusAtom, { ...store.get(statusAtom), ...change }));
const setNetwork = (online: boolean) => act(() => store.set(networkOnlineAtom, online));

const connected: Partial<SocketStatus> = {
  connection: 'connected',
  auth: 'authenticated',
  reconnect: 'none',
};

describe('connectionView', () => {
  const status = (change: Partial<SocketStatus>): SocketStatus => ({
    connection: 'offline',
    auth: 'none',
    quality: null,
    latency: null,
    reconnect: 'none',
    ...change,
  });
  it('puts a missing network first, then the socket: signed in, giving up, retrying, first opening', () => {
    expect(connectionView(status(connected), false)).toBe('offline');
    expect(connectionView(status(connected), true)).toBe('online');
    expect(connectionView(status({ reconnect: 'exhausted' }), true)).toBe('unreachable');
    expect(connectionView(status({ reconnect: 'retrying' }), true)).toBe('reconnecting');
    expect(connectionView(status({ connection: 'connecting', reconnect: 'retrying' }), true)).toBe(
      'reconnecting',
    );
    // Opened but not signed in yet on a reconnect: still not usable.
    expect(
      connectionView(status({ connection: 'connected', auth: 'pending', reconnect: 'paused' }), true),
    ).toBe('reconnecting');
    expect(connectionView(status({ connection: 'connecting' }), true)).toBe('connecting');
  });
});

describe('the header connection state', () => {
  beforeEach(() => {
    reconnectNow.mockClear();
    store.set(networkOnlineAtom, true);
    store.set(statusAtom, { ...store.get(statusAtom), ...connected });
  });
  afterEach(cleanup);

  const state = () => screen.getByRole('status');

  it('is a dot while connected, and says Offline, Reconnecting… and Can’t reach Spar with Retry', () => {
    renderWithProviders(<ConnectionStatus signedIn inGameRoom={false} />);
    expect(state().getAttribute('aria-label')).toMatch(/^Connection: Connected/);
    expect(state().dataset.state).toBe('online');

    setNetwork(false);
    setStatus({ connection: 'offline', auth: 'none', reconnect: 'paused' });
    expect(state().getAttribute('aria-label')).toBe('Connection: Offline');
    expect(state().textContent).toContain('Offline');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    setNetwork(true);
    setStatus({ reconnect: 'retrying' });
    expect(state().getAttribute('aria-label')).toBe('Connection: Reconnecting…');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    setStatus({ reconnect: 'exhausted' });
    expect(state().getAttribute('aria-label')).toBe("Connection: Can't reach Spar");
    expect(state().textContent).toContain("Can't reach Spar");
    // The product's own words for a failed connection stay with it.
    expect(state().textContent).toContain('Failed to connect to server. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reconnectNow).toHaveBeenCalledTimes(1);

    setStatus(connected);
    expect(state().dataset.state).toBe('online');
  });

  it('signed out, shows only a missing network; in the game room, floats and leaves out the dot', () => {
    const { rerender } = renderWithProviders(<ConnectionStatus signedIn={false} inGameRoom={false} />);
    setStatus({ connection: 'offline', auth: 'none', reconnect: 'none' });
    expect(screen.queryByRole('status')).toBeNull();
    setNetwork(false);
    expect(state().getAttribute('aria-label')).toBe('Connection: Offline');

    setNetwork(true);
    setStatus(connected);
    rerender(<ConnectionStatus signedIn inGameRoom />);
    expect(screen.queryByRole('status')).toBeNull();
    setStatus({ connection: 'offline', auth: 'none', reconnect: 'retrying' });
    expect(state().getAttribute('aria-label')).toBe('Connection: Reconnecting…');
    expect(state().style.position).toBe('fixed');
  });
});
