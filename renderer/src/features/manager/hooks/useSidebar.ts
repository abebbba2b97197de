import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';

/** The cookie that keeps the sidebar expanded or collapsed, for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_COLLAPSED = '3rem';
/** Below this width the sidebar is a sheet with its own open flag. */
export const MOBILE_BREAKPOINT_PX = 768;

/** The saved state: expanded unless the cookie says `false`. */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value !== 'false';
  }
  return true;
}

export function writeSidebarCookie(expanded: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The staff area's sidebar: expanded or collapsed on wide screens (kept in a cookie), and a sheet
 * with its own open flag on narrow ones; Ctrl/Cmd+B toggles whichever applies.
 * See docs/design.md, "Staff area".
 */
export function useSidebar() {
  const mobile =
    useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, {
      getInitialValueInEffect: false,
    }) ?? false;
  const [expanded, setExpandedState] = useState(() => readSidebarCookie());
  const [openMobile, setOpenMobile] = useState(false);

  const setExpanded = useCallback((value: boolean) => {
    setExpandedState(value);
    writeSidebarCookie(value);
  }, []);

  const toggle = useCallback(() => {
    if (mobile) setOpenMobile((open) => !open);
    else setExpanded(!expanded);
  }, [mobile, expanded, setExpanded]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { mobile, expanded, setExpanded, openMobile, setOpenMobile, toggle };
}

export type SidebarState = ReturnType<typeof useSidebar>;
