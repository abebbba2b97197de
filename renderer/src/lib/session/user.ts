import { queryOptions } from '@tanstack/react-query';
import type { AuthUser } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { ApiError, call } from '../http';
import { getCachedUser, getToken, setCachedUser } from '../storage';

export const userQueryKey = ['auth', 'user'] as const;

/**
 * The signed-in user: checked against the server on start. A failed check (401) clears the
 * session; a network error, or a gateway's 5xx while the server is out of reach, keeps the cached
 * user so the app still opens offline (docs/design.md, "Renderer: installable app (PWA)").
 */
export async function fetchUser(): Promise<AuthUser | null> {
  if (!getToken()) return null;
  try {
    const user = await call(ROUTES.auth.user, { nullOn401: true });
    setCachedUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) return null;
      if (error.status < 500) throw error;
    }
    return getCachedUser<AuthUser>();
  }
}

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: fetchUser,
  // fetchUser answers offline itself (the cached user): the check never waits for a network…
  networkMode: 'always',
  // …and runs again when the network comes back, so a session ended meanwhile is noticed.
  refetchOnReconnect: 'always',
});
