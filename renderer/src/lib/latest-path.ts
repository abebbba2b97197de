import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * The current path, read from inside a socket listener. A listener registered once would see the
 * path of the render that registered it; this ref always holds the latest, without registering
 * the listener again on every navigation (and missing a message while it is off).
 */
export function useLatestPath(): RefObject<string> {
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);
  return where;
}
