// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { DeleteAccountPage } from './DeleteAccountPage';

vi.mock('../../../lib/realtime', () => ({ socket: { connect: vi.fn(), disconnect: vi.fn() } }));

const USER = {
  id: 9,
  username: 'Ama_Owusu',
  email: null,
  isVerified: false,
  markedForDelete: false,
  role: 'user',
  createdAt: 1,
};

/** The session check answers only when the test says so, as a slow network would. */
function slowUserCheck(user: typeof USER) {
  let answer = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              new Response(JSON.stringify(user), {
                status: 200,
                headers: { 'content-type': 'application/json' },
              }),
            );
        }),
    ),
  );
  return () => answer();
}

function Arrived() {
  const { pathname } = useLocation();
  return <p>arrived at {pathname}</p>;
}

function show() {
  renderWithProviders(
    <Routes>
      <Route path="/delete-account" element={<DeleteAccountPage />} />
      <Route path="*" element={<Arrived />} />
    </Routes>,
    { route: '/delete-account' },
  );
}

beforeEach(() => {
  localStorage.clear();
  setToken('a-session');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/delete-account opened before the session check answers', () => {
  it('waits for the check, then shows a marked account its choice', async () => {
    const answer = slowUserCheck({ ...USER, markedForDelete: true });
    show();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/arrived at/)).toBeNull();
    answer();
    expect(await screen.findByRole('button', { name: 'Restore my account' })).toBeTruthy();
    expect(screen.getByText(/Your account Ama_Owusu is scheduled for deletion/)).toBeTruthy();
  });

  it('waits for the check, then sends an account in good standing to its profile', async () => {
    const answer = slowUserCheck(USER);
    show();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/arrived at/)).toBeNull();
    answer();
    expect(await screen.findByText('arrived at /profile')).toBeTruthy();
  });

  it('sends a visitor without a session home', async () => {
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn());
    show();
    expect(await screen.findByText('arrived at /')).toBeTruthy();
  });
});
