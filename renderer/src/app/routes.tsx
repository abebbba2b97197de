import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { PATHS, ROUTE_PATTERNS } from '../lib/paths';

/** Each page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

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
      { path: PATHS.games, ...page(() => import('./pages/games')) },
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
