import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './Layout';
import { PATHS, ROUTE_PATTERNS } from '../lib/paths';

// Each page is its own chunk, loaded when first visited. The routes are declared as elements, not
// through a data router: the app loads no data through the router, and its data-router code would
// add ~14 KB brotli to the first visit (docs/design.md, "Renderer: the first-visit budget").
const Home = lazy(() => import('./pages/home'));
const Auth = lazy(() => import('./pages/auth'));
const DeleteAccount = lazy(() => import('./pages/delete-account'));
const ForgotPassword = lazy(() => import('./pages/forgot-password'));
const ResetPassword = lazy(() => import('./pages/reset-password'));
const Settings = lazy(() => import('./pages/settings'));
const Profile = lazy(() => import('./pages/profile'));
const PrivacyPolicy = lazy(() => import('./pages/privacy-policy'));
const TermsOfService = lazy(() => import('./pages/terms-of-service'));
const OauthRedirect = lazy(() => import('./pages/oauth-redirect'));
const Shop = lazy(() => import('./pages/shop'));
const Watch = lazy(() => import('./pages/watch'));
const practicePage = () => import('./pages/practice');
/**
 * /games, and behind it the practice table with its worker started, so that practice on this
 * device starts even when the network is gone by then (docs/design.md, "Offline practice").
 */
const Games = lazy(async () => {
  const games = await import('./pages/games');
  practicePage().then(
    (practice) => practice.warmLocalGame(),
    () => undefined, // Tried again when the practice page itself is opened.
  );
  return games;
});
const Practice = lazy(practicePage);
const Game = lazy(() => import('./pages/game'));
const Replay = lazy(() => import('./pages/replay'));
const Messages = lazy(() => import('./pages/messages'));
const Manager = lazy(() => import('./pages/manager'));
const Conversation = lazy(() => import('./pages/conversation'));
const NotFound = lazy(() => import('./pages/not-found'));

/** Every page of the app, inside the common frame (`Layout`, which waits for a page's chunk). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={PATHS.home} element={<Home />} />
        <Route path={PATHS.auth} element={<Auth />} />
        <Route path={PATHS.deleteAccount} element={<DeleteAccount />} />
        <Route path={PATHS.forgotPassword} element={<ForgotPassword />} />
        <Route path={PATHS.resetPassword} element={<ResetPassword />} />
        <Route path={PATHS.settings} element={<Settings />} />
        <Route path={PATHS.profile} element={<Profile />} />
        <Route path={PATHS.privacyPolicy} element={<PrivacyPolicy />} />
        <Route path={PATHS.termsOfService} element={<TermsOfService />} />
        <Route path={PATHS.oauthRedirect} element={<OauthRedirect />} />
        <Route path={PATHS.shop} element={<Shop />} />
        <Route path={PATHS.watch} element={<Watch />} />
        <Route path={PATHS.games} element={<Games />} />
        <Route path={PATHS.practice} element={<Practice />} />
        <Route path={ROUTE_PATTERNS.game} element={<Game />} />
        <Route path={ROUTE_PATTERNS.replay} element={<Replay />} />
        <Route path={PATHS.messages} element={<Messages />} />
        <Route path={PATHS.manager} element={<Manager />} />
        <Route path={ROUTE_PATTERNS.conversation} element={<Conversation />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
