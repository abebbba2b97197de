import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { PATHS, ROUTE_PATTERNS } from '../lib/paths';

/** Each page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const practicePage = () => import('./pages/practice');

/**
 * /games, and behind it the practice table with its worker started, so that practice on this
 * device starts even when the network is gone by then (docs/design.md, "Offline practice").
 */
const gamesPage: Pick<RouteObject, 'lazy'> = {
  lazy: async () => {
    const { default: Component } = await import('./pages/games');
    practicePage().then(
      (practice) => practice.warmLocalGame(),
      () => undefined, // Tried again when the practice page itself is opened.
    );
    return { Component };
  },
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: PATHS.home, ...page(() => import('./pages/home')) },
      { path: PATHS.auth, ...page(() => import('./pages/auth')) },
      { path: PATHS.deleteAccount, ...page(() => import('./pages/delete-account')) },
      { path: PATHS.profile, ...page(() => import('./pages/profile')) },
      { path: PATHS.privacyPolicy, ...page(() => import('./pages/privacy-policy')) },
      { path: PATHS.termsOfService, ...page(() => import('./pages/terms-of-service')) },
      { path: PATHS.oauthRedirect, ...page(() => import('./pages/oauth-redirect')) },
      { path: PATHS.shop, ...page(() => import('./pages/shop')) },
      { path: PATHS.watch, ...page(() => import('./pages/watch')) },
      { path: PATHS.games, ...gamesPage },
      { path: PATHS.practice, ...page(practicePage) },
      { path: ROUTE_PATTERNS.game, ...page(() => import('./pages/game')) },
      { path: ROUTE_PATTERNS.replay, ...page(() => import('./pages/replay')) },
      { path: PATHS.messages, ...page(() => import('./pages/messages')) },
      { path: PATHS.manager, ...page(() => import('./pages/manager')) },
      { path: ROUTE_PATTERNS.conversation, ...page(() => import('./pages/conversation')) },
      { path: '*', ...page(() => import('./pages/not-found')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
