// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, toastAreaAtom, toastsAtom } from '../lib/toast';
import { Toaster } from './Toaster';

const frame = (inGameRoom: boolean) => (
  <MantineProvider>
    <Toaster inGameRoom={inGameRoom} />
  </MantineProvider>
);

describe('Toaster', () => {
  afterEach(() => {
    cleanup();
    getDefaultStore().set(toastsAtom, []);
    getDefaultStore().set(toastAreaAtom, null);
  });

  it('closes the toasts of other pages on entering the game room, and keeps those raised there', () => {
    const view = render(frame(false));
    act(() => void toast({ title: 'Daily Reward Claimed', description: '75 coins', variant: 'success' }));
    expect(screen.getByText('Daily Reward Claimed')).toBeTruthy();

    view.rerender(frame(true));
    expect(screen.queryByText('Daily Reward Claimed')).toBeNull();
    expect(getDefaultStore().get(toastsAtom)).toEqual([]);

    act(() => void toast({ title: 'Reconnected', variant: 'success' }));
    view.rerender(frame(true));
    expect(screen.getByText('Reconnected')).toBeTruthy();
  });

  it('keeps a toast said on the way to the table about it', () => {
    const view = render(frame(false));
    act(() => void toast({ title: 'The server cannot be reached', forTable: true }));
    act(() => void toast({ title: 'Daily Reward Claimed' }));
    view.rerender(frame(true));
    expect(screen.getByText('The server cannot be reached')).toBeTruthy();
    expect(screen.queryByText('Daily Reward Claimed')).toBeNull();
  });

  it('in the game room, sits where the table asks (over the felt), not at the top right over a seat', () => {
    getDefaultStore().set(toastAreaAtom, { x: 90, y: 140, w: 180 });
    const view = render(frame(true));
    act(() => void toast({ title: 'Offline practice' }));
    const viewport = screen.getByText('Offline practice').closest('[aria-live]') as HTMLElement;
    expect([viewport.style.left, viewport.style.top, viewport.style.width]).toEqual([
      '90px',
      '140px',
      '180px',
    ]);
    // Elsewhere the overlay keeps its own place, whatever a table left behind.
    view.rerender(frame(false));
    expect(viewport.style.left).toBe('');
  });
});
