// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Realtime from '../lib/realtime';
import { setToken } from '../lib/storage';
import { renderWithProviders } from '../lib/testing/render';
import ConversationPage from './pages/conversation';
import GamesPage from './pages/games';
import MessagesPage from './pages/messages';
import ReplayPage from './pages/replay';
import ShopPage from './pages/shop';
import WatchPage from './pages/watch';

vi.mock('../lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  socket: { connect: vi.fn(), disconnect: vi.fn(), on: vi.fn(() => () => {}), send: vi.fn() },
}));

// Each page that needs an account, at an address it serves.
const PAGES: [string, string, string, ComponentType][] = [
  ['/games', '/games', 'games', GamesPage],
  ['/watch', '/watch', 'watch', WatchPage],
  ['/game/:gameId/replay', '/game/abc/replay', 'replay', ReplayPage],
  ['/messages/conversation/:id', '/messages/conversation/7', 'conversation', ConversationPage],
  ['/messages', '/messages', 'friends', MessagesPage],
  ['/shop', '/shop', 'shop', ShopPage],
];

function show(pattern: string, address: string, Page: ComponentType) {
  renderWithProviders(
    <Routes>
      <Route path={pattern} element={<Page />} />
    </Routes>,
    { route: address },
  );
}

const signInLink = () => screen.queryByRole('link', { name: 'Sign in' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a page that needs an account, before the session check answers', () => {
  for (const [pattern, address, name, Page] of PAGES) {
    it(`${name}: asks nobody to sign in while a stored session is being checked`, async () => {
      setToken('a-session');
      // The check never answers within the test, as on a slow network.
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => {})),
      );
      show(pattern, address, Page);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(signInLink()).toBeNull();
    });

    it(`${name}: asks a visitor without a session to sign in`, async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => {})),
      );
      show(pattern, address, Page);
      expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    });
  }
});
