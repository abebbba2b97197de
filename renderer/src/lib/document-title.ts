import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '@shared/site';
import { PATHS } from './paths';

const EXACT: Record<string, string> = {
  [PATHS.auth]: 'Sign in',
  [PATHS.deleteAccount]: 'Delete account',
  [PATHS.forgotPassword]: 'Forgot password',
  [PATHS.resetPassword]: 'Reset password',
  [PATHS.settings]: 'Account settings',
  [PATHS.profile]: 'Profile',
  [PATHS.privacyPolicy]: 'Privacy Policy',
  [PATHS.termsOfService]: 'Terms of Service',
  [PATHS.oauthRedirect]: 'Signing in',
  [PATHS.shop]: 'Shop',
  [PATHS.watch]: 'Watch',
  [PATHS.games]: 'Games',
  [PATHS.practice]: 'Practice',
  [PATHS.messages]: 'Messages',
  [PATHS.manager]: 'Staff',
  [PATHS.tournaments]: 'Tournaments',
};

/** The page name a path shows in the tab ("Shop"), or null for the home page. */
export function pageNameOf(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === PATHS.home) return null;
  const exact = EXACT[path];
  if (exact) return exact;
  if (/^\/game\/[^/]+\/replay$/.test(path)) return 'Replay';
  if (/^\/game\/[^/]+$/.test(path)) return 'Game';
  if (/^\/messages\/conversation\/[^/]+$/.test(path)) return 'Messages';
  if (/^\/tournaments\/[^/]+$/.test(path)) return 'Tournament';
  return 'Page not found';
}

/** A name a page found out itself (a friend's), for the path it was found on. */
const detailAtom = atom<{ path: string; name: string } | null>(null);

/**
 * Keeps `document.title` on the current page's name (mounted once, in the layout). A page that
 * knows better, such as a conversation naming the friend, says so with `usePageName`.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const detail = useAtomValue(detailAtom);
  // A name given for another path is stale: its page has gone.
  const name = detail?.path === pathname ? detail.name : pageNameOf(pathname);
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}

/** Names the current page in its title ("Ama · Messages"); null keeps the path's own name. */
export function usePageName(name: string | null): void {
  const { pathname } = useLocation();
  const setDetail = useSetAtom(detailAtom);
  useEffect(() => {
    setDetail(name === null ? null : { path: pathname, name });
  }, [name, pathname, setDetail]);
}
