// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountSettingsResponse } from '@shared/protocol';
import { setToken } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { AccountSettingsPage } from './AccountSettingsPage';

vi.mock('../../../lib/realtime', () => ({ socket: { connect: vi.fn(), disconnect: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const USER = {
  id: 9,
  username: 'ama',
  email: 'ama@example.com',
  isVerified: true,
  markedForDelete: false,
  role: 'user',
  createdAt: 1,
};

const SETTINGS: AccountSettingsResponse = {
  email: 'ama@example.com',
  isVerified: true,
  pendingEmail: null,
  hasPassword: true,
  googleLinked: false,
};

/** The server: the session, the settings, and `answer` for the two changes. */
function server(settings: AccountSettingsResponse, answer: (path: string) => Response) {
  const fetch = vi.fn((url: string, _init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/auth/user') return Promise.resolve(json(200, USER));
    if (path === '/api/auth/account') return Promise.resolve(json(200, settings));
    return Promise.resolve(answer(path));
  });
  vi.stubGlobal('fetch', fetch);
  return (path: string) =>
    fetch.mock.calls
      .filter(([url]) => new URL(url, 'http://localhost').pathname === path)
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
}

const section = (name: string) => screen.findByRole('region', { name });
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('account settings page', () => {
  beforeEach(() => {
    localStorage.clear();
    setToken('a-session');
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the address and whether it was confirmed, and sends a new one with the password', async () => {
    const sent = server(SETTINGS, () =>
      json(200, { pendingEmail: 'new@example.com', emailVerificationSent: true, message: 'Check it' }),
    );
    renderWithProviders(<AccountSettingsPage />, { route: '/settings' });
    const email = await section('Email');
    expect(within(email).getByText('ama@example.com')).toBeTruthy();
    expect(within(email).getByText('Verified')).toBeTruthy();
    type(within(email).getByLabelText(/^New email/), '  new@example.com ');
    type(within(email).getByLabelText(/^Password/), 'my password');
    fireEvent.click(within(email).getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(sent('/api/auth/change-email')).toHaveLength(1));
    expect(sent('/api/auth/change-email')[0]).toEqual({ email: 'new@example.com', password: 'my password' });
    await waitFor(() =>
      expect(getDefaultStore().get(toastsAtom)).toMatchObject([{ title: 'Check your new address' }]),
    );
    // Done: the form is empty again.
    expect((within(email).getByLabelText(/^New email/) as HTMLInputElement).value).toBe('');
  });

  it('checks the password fields on the page before sending, then sends them once they are right', async () => {
    const sent = server(SETTINGS, () => json(200, { message: 'Your password has been changed.' }));
    renderWithProviders(<AccountSettingsPage />, { route: '/settings' });
    const password = await section('Password');
    const submit = () => fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    submit();
    expect(await within(password).findByText('Enter your current password')).toBeTruthy();
    expect(within(password).getByText('Password must be at least 8 characters')).toBeTruthy();
    type(within(password).getByLabelText(/^Current password/), 'old password');
    type(within(password).getByLabelText(/^New password/), 'long enough 1');
    type(within(password).getByLabelText(/^Repeat new password/), 'long enough 2');
    submit();
    expect(await within(password).findByText('The two passwords do not match')).toBeTruthy();
    expect(sent('/api/auth/change-password')).toEqual([]);

    type(within(password).getByLabelText(/^Repeat new password/), 'long enough 1');
    submit();
    await waitFor(() =>
      expect(sent('/api/auth/change-password')).toEqual([
        { currentPassword: 'old password', newPassword: 'long enough 1' },
      ]),
    );
    await waitFor(() =>
      expect(getDefaultStore().get(toastsAtom)).toMatchObject([{ title: 'Password changed' }]),
    );
    expect((within(password).getByLabelText(/^New password/) as HTMLInputElement).value).toBe('');
    expect(within(password).queryByText('Enter your current password')).toBeNull();
  });

  it('shows the server’s refusal under the form, or its own words when the server wrote none', async () => {
    server(SETTINGS, () =>
      json(400, { code: 'incorrect_password', message: 'Current password is incorrect' }),
    );
    renderWithProviders(<AccountSettingsPage />, { route: '/settings' });
    const password = await section('Password');
    type(within(password).getByLabelText(/^Current password/), 'wrong one');
    type(within(password).getByLabelText(/^New password/), 'long enough 1');
    type(within(password).getByLabelText(/^Repeat new password/), 'long enough 1');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect((await within(password).findByRole('alert')).textContent).toBe('Current password is incorrect');

    cleanup();
    server(SETTINGS, () => new Response('<html>Bad gateway</html>', { status: 502 }));
    renderWithProviders(<AccountSettingsPage />, { route: '/settings' });
    const email = await section('Email');
    type(within(email).getByLabelText(/^New email/), 'new@example.com');
    type(within(email).getByLabelText(/^Password/), 'my password');
    fireEvent.click(within(email).getByRole('button', { name: 'Change email' }));
    expect((await within(email).findByRole('alert')).textContent).toBe('Please try again later');
  });

  it('an account without a password is told how to set one, in both sections, with no forms', async () => {
    server({ ...SETTINGS, email: null, isVerified: false, hasPassword: false, googleLinked: true }, () =>
      json(500, {}),
    );
    renderWithProviders(<AccountSettingsPage />, { route: '/settings' });
    for (const name of ['Email', 'Password']) {
      const part = await section(name);
      expect(within(part).getByText(/You sign in with Google and have no password yet/)).toBeTruthy();
      expect(within(part).queryByRole('button')).toBeNull();
    }
    expect(within(await section('Email')).getByText('No email address')).toBeTruthy();
  });
});
