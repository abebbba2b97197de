// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, toastsAtom } from '../lib/toast';
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
});
