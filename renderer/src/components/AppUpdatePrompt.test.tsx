// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { renderWithProviders } from '../lib/testing/render';
import type { AppUpdates } from '../platform';
import { AppUpdatePrompt, REQUIRED_MESSAGE } from './AppUpdatePrompt';

afterEach(cleanup);

const state = (patch: Partial<DesktopUpdateState>): DesktopUpdateState => ({
  status: 'idle',
  currentVersion: '1.4.0',
  version: null,
  percent: null,
  message: null,
  required: false,
  ...patch,
});

/** The bridge's updates, answering `first` and then whatever the test pushes. */
function fakeUpdates(first: DesktopUpdateState) {
  const listeners = new Set<(s: DesktopUpdateState) => void>();
  const updates: AppUpdates = {
    status: vi.fn(async () => first),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check: vi.fn(async () => first),
    setMinimumVersion: vi.fn(async () => first),
    install: vi.fn(async () => undefined),
  };
  const push = (next: DesktopUpdateState) => act(() => listeners.forEach((l) => l(next)));
  return { updates, push, listeners };
}

async function show(first: DesktopUpdateState) {
  const fake = fakeUpdates(first);
  renderWithProviders(<AppUpdatePrompt updates={fake.updates} />, { route: '/games' });
  await act(async () => undefined);
  return fake;
}

describe('the desktop update prompt', () => {
  it('stays hidden while up to date, checking, off, or after a failure nobody has to act on', async () => {
    const { push } = await show(state({ status: 'idle' }));
    expect(screen.queryByRole('status', { name: 'Update' })).toBeNull();
    for (const s of [
      state({ status: 'checking' }),
      state({ status: 'disabled', message: 'Updates are off in development.' }),
      state({ status: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' }),
    ]) {
      push(s);
      expect(screen.queryByRole('status', { name: 'Update' })).toBeNull();
    }
  });

  it('shows the download progress, then "Restart to update", which installs', async () => {
    const { updates, push } = await show(state({ status: 'available', version: '1.5.0' }));
    expect(screen.getByText('Downloading Spar 1.5.0… 0%')).toBeTruthy();
    push(state({ status: 'downloading', version: '1.5.0', percent: 42 }));
    expect(screen.getByText('Downloading Spar 1.5.0… 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Download progress' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull();
    push(state({ status: 'downloaded', version: '1.5.0', percent: 100 }));
    expect(screen.getByText('Spar 1.5.0 is ready')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(updates.install).toHaveBeenCalledOnce();
  });

  it('can be put off until the next step, unless the update is required', async () => {
    const { push } = await show(state({ status: 'downloading', version: '1.5.0', percent: 10 }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status', { name: 'Update' })).toBeNull();
    push(state({ status: 'downloading', version: '1.5.0', percent: 60 }));
    expect(screen.queryByRole('status', { name: 'Update' })).toBeNull();
    push(state({ status: 'downloaded', version: '1.5.0', percent: 100 }));
    expect(screen.getByText('Spar 1.5.0 is ready')).toBeTruthy();

    push(state({ status: 'downloaded', version: '1.5.0', percent: 100, required: true }));
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Later' })).toBeNull();
  });

  it('says why a required update failed and offers to try again', async () => {
    const { updates } = await show(
      state({ status: 'error', required: true, message: 'connect ECONNREFUSED' }),
    );
    expect(screen.getByText('The update could not be downloaded')).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(updates.check).toHaveBeenCalledOnce();
  });

  it('lets go of the bridge when it goes away', async () => {
    const fake = fakeUpdates(state({}));
    const view = renderWithProviders(<AppUpdatePrompt updates={fake.updates} />, { route: '/' });
    await act(async () => undefined);
    expect(fake.listeners.size).toBe(1);
    view.unmount();
    expect(fake.listeners.size).toBe(0);
  });
});
