// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@shared/constants';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { clientUpdateAtom } from '../../../domain/client-update';
import type { AppUpdates } from '../../../platform';
import { renderWithProviders } from '../../../lib/testing/render';
import { UpdateRequiredGate } from './UpdateRequired';

const URLS = {
  desktop: 'https://play.spar.test/download',
  android: 'https://play.google.com/store/apps/details?id=game.spar.app',
  ios: 'https://apps.apple.com/app/id123',
};

afterEach(() => {
  cleanup();
  getDefaultStore().set(clientUpdateAtom, null);
});

function renderGate(
  updateChannel: 'desktop' | 'android' | 'ios' | null,
  appUpdates: AppUpdates | null = null,
) {
  const openExternal = vi.fn();
  renderWithProviders(
    <UpdateRequiredGate platform={{ updateChannel, openExternal, appUpdates }}>
      <p>the lobby</p>
    </UpdateRequiredGate>,
  );
  return openExternal;
}

const announce = (minClientVersion: string) =>
  act(() => getDefaultStore().set(clientUpdateAtom, { minClientVersion, updateUrls: URLS }));

describe('"Update required" (docs/protocol.md, "Minimum client version")', () => {
  it('shows the app while the server announces no minimum, or one this version meets', () => {
    renderGate('desktop');
    expect(screen.getByText('the lobby')).toBeTruthy();
    announce(APP_VERSION);
    expect(screen.getByText('the lobby')).toBeTruthy();
    expect(screen.queryByText('Update required')).toBeNull();
  });

  it('replaces every page of an older desktop app and opens the download page', () => {
    const openExternal = renderGate('desktop');
    announce('99.0.0');
    expect(screen.queryByText('the lobby')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Update required' })).toBeTruthy();
    expect(
      screen.getByText(`This version of Spar (${APP_VERSION}) is no longer supported.`, { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText(/Version 99\.0\.0 or newer is needed/)).toBeTruthy();
    expect(screen.getByText('Download and install the new version, then open Spar again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get the update' }));
    expect(openExternal).toHaveBeenCalledWith(URLS.desktop);
    // The address shows too, and opens outside the app rather than in the app's window.
    const link = screen.getByRole('link', { name: 'play.spar.test/download' });
    expect(link.getAttribute('href')).toBe(URLS.desktop);
    fireEvent.click(link);
    expect(openExternal).toHaveBeenCalledTimes(2);
  });

  it('sends a phone to its own store', () => {
    const android = renderGate('android');
    announce('99.0.0');
    expect(screen.getByText('Update Spar from Google Play, then open it again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get the update' }));
    expect(android).toHaveBeenCalledWith(URLS.android);
    cleanup();
    const ios = renderGate('ios');
    expect(screen.getByText('Update Spar from the App Store, then open it again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get the update' }));
    expect(ios).toHaveBeenCalledWith(URLS.ios);
  });

  it('gives the app back when the server lowers its minimum', () => {
    renderGate('android');
    announce('99.0.0');
    expect(screen.queryByText('the lobby')).toBeNull();
    act(() => getDefaultStore().set(clientUpdateAtom, null));
    expect(screen.getByText('the lobby')).toBeTruthy();
  });

  it('never blocks the web app, which the server serves', () => {
    renderGate(null);
    announce('99.0.0');
    expect(screen.getByText('the lobby')).toBeTruthy();
    expect(screen.queryByText('Update required')).toBeNull();
  });

  it('on the desktop, has the app’s own updater fetch the new version and offers Restart to update', async () => {
    let listener: ((state: DesktopUpdateState) => void) | null = null;
    const idle: DesktopUpdateState = {
      status: 'idle',
      currentVersion: APP_VERSION,
      version: null,
      percent: null,
      message: null,
      required: false,
    };
    const updates: AppUpdates = {
      status: vi.fn(async () => idle),
      onChange: vi.fn((next: (state: DesktopUpdateState) => void) => {
        listener = next;
        return () => undefined;
      }),
      check: vi.fn(async () => idle),
      setMinimumVersion: vi.fn(async () => ({ ...idle, required: true })),
      install: vi.fn(async () => undefined),
    };
    const openExternal = renderGate('desktop', updates);
    announce('99.0.0');
    expect(updates.setMinimumVersion).toHaveBeenCalledWith('99.0.0');
    // Before the updater has anything, the download page is the way on.
    expect(screen.getByRole('button', { name: 'Get the update' })).toBeTruthy();
    const state = (change: Partial<DesktopUpdateState>) =>
      act(() => listener!({ ...idle, required: true, version: '99.0.1', ...change }));
    state({ status: 'downloading', percent: 42.4 });
    expect(screen.getByText('Downloading Spar 99.0.1… 42%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get the update' })).toBeNull();
    state({ status: 'downloaded', percent: 100 });
    fireEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(updates.install).toHaveBeenCalledTimes(1);
    // A failed download leaves the download page as the way on.
    state({ status: 'error', message: 'net::ERR_FAILED' });
    fireEvent.click(screen.getByRole('button', { name: 'Get the update' }));
    expect(openExternal).toHaveBeenCalledWith(URLS.desktop);
  });
});
