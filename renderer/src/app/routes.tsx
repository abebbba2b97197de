import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { NOT_FOUND_PAGE, PAGE_ROUTES, type PageName } from '@shared/pages';
import { Layout } from './Layout';

// Each page is its own chunk, loaded when first visited. The routes are declared as elements, not
// through a data router: the app loads no data through the router, and its data-router code would
// add ~14 KB brotli to the first visit (docs/design.md, "Renderer: the first-visit budget"). Which
// address opens which page is shared/pages.ts, which the server also reads to hint a page's files.
const practicePage = () => import('./pages/practice');

/** Every page's chunk, by the name shared/pages.ts gives it. */
const PAGES: Record<PageName, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('./pages/home')),
  auth: lazy(() => import('./pages/auth')),
  'delete-account': lazy(() => import('./pages/delete-account')),
  'forgot-password': lazy(() => import('./pages/forgot-password')),
  'reset-password': lazy(() => import('./pages/reset-password')),
  settings: lazy(() => import('./pages/settings')),
  profile: lazy(() => import('./pages/profile')),
  'privacy-policy': lazy(() => import('./pages/privacy-policy')),
  'terms-of-service': lazy(() => import('./pages/terms-of-service')),
  'oauth-redirect': lazy(() => import('./pages/oauth-redirect')),
  shop: lazy(() => import('./pages/shop')),
  watch: lazy(() => import('./pages/watch')),
  /**
   * /games, and behind it the practice table with its worker started, so that practice on this
   * device starts even when the network is gone by then (docs/design.md, "Offline practice").
   */
  games: lazy(async () => {
    const games = await import('./pages/games');
    practicePage().then(
      (practice) => practice.warmLocalGame(),
      () => undefined, // Tried again when the practice page itself is opened.
    );
    return games;
  }),
  practice: lazy(practicePage),
  game: lazy(() => import('./pages/game')),
  replay: lazy(() => import('./pages/replay')),
  messages: lazy(() => import('./pages/messages')),
  manager: lazy(() => import('./pages/manager')),
  conversation: lazy(() => import('./pages/conversation')),
  tournaments: lazy(() => import('./pages/tournaments')),
  tournament: lazy(() => import('./pages/tournament')),
  'not-found': lazy(() => import('./pages/not-found')),
};

/** Every page of the app, inside the common frame (`Layout`, which waits for a page's chunk). */
export function AppRoutes() {
  const NotFound = PAGES[NOT_FOUND_PAGE];
  return (
    <Routes>
      <Route element={<Layout />}>
        {PAGE_ROUTES.map(({ path, page }) => {
          const Page = PAGES[page];
          return <Route key={path} path={path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
