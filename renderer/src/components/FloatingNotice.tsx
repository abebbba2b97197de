import { Notification, type NotificationProps } from '@mantine/core';
import { useLocation } from 'react-router';
import { BOTTOM_NAV_HEIGHT } from './BottomNav';
import { showsBottomNav } from '../lib/paths';

/**
 * A notice that floats bottom centre over every page, above the bottom tabs where they show: the
 * update prompts use it. `width` is its widest, in rem; on a phone it keeps a margin each side.
 */
export function FloatingNotice({ width, style, ...props }: NotificationProps & { width: number }) {
  const { pathname } = useLocation();
  const bottom = (showsBottomNav(pathname) ? BOTTOM_NAV_HEIGHT : 0) + 12;
  return (
    <Notification
      role="status"
      withBorder
      pos="fixed"
      left="50%"
      bottom={bottom}
      w={`min(${width}rem, calc(100vw - 1.5rem))`}
      style={{ transform: 'translateX(-50%)', zIndex: 1000, ...(style as object) }}
      {...props}
    />
  );
}
