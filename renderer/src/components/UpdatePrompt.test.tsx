// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate, pendingUpdateAtom } from '../lib/pwa/update';
import { renderWithProviders } from '../lib/testing/render';
import { UPDATE_MESSAGE, UpdatePrompt } from './UpdatePrompt';

afterEach(() => {
  cleanup();
  getDefaultStore().set(pendingUpdateAtom, null);
});

describe('the update prompt', () => {
  it('shows nothing while no new version waits', () => {
    renderWithProviders(<UpdatePrompt />, { route: '/' });
    expect(screen.queryByText(UPDATE_MESSAGE)).toBeNull();
  });

  it('offers Reload for a waiting version, which applies it', () => {
    const apply = vi.fn();
    renderWithProviders(<UpdatePrompt />, { route: '/games' });
    act(() => announceUpdate({ apply }));
    expect(screen.getByText('A new version of Spar is available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('goes away when put off, keeping the running version', () => {
    const apply = vi.fn();
    renderWithProviders(<UpdatePrompt />, { route: '/games' });
    act(() => announceUpdate({ apply }));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(UPDATE_MESSAGE)).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });
});
