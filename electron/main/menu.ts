/**
 * The application menu: the platform's standard edit/view/window roles (copy and paste, zoom,
 * full screen) plus a Go menu whose items open in-app routes through the bridge's navigate event.
 * Developer tools are offered only in development. The routes are the renderer's (its lib/paths.ts).
 */
import type { MenuItemConstructorOptions } from 'electron';

export const MENU_ROUTES = [
  { label: 'Home', route: '/', accelerator: 'CmdOrCtrl+1' },
  { label: 'Games', route: '/games', accelerator: 'CmdOrCtrl+2' },
  { label: 'Messages', route: '/messages', accelerator: 'CmdOrCtrl+3' },
  { label: 'Watch', route: '/watch', accelerator: 'CmdOrCtrl+4' },
  { label: 'Shop', route: '/shop', accelerator: 'CmdOrCtrl+5' },
  { label: 'Profile', route: '/profile', accelerator: 'CmdOrCtrl+6' },
] as const;

export function menuTemplate(options: {
  isMac: boolean;
  dev: boolean;
  navigate(route: string): void;
}): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(options.dev ? [{ role: 'toggleDevTools' } as const] : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(options.isMac
      ? [{ role: 'appMenu' } as const]
      : [{ label: '&File', submenu: [{ role: 'quit' } as const] }]),
    { role: 'editMenu' },
    { label: options.isMac ? 'View' : '&View', submenu: view },
    {
      label: options.isMac ? 'Go' : '&Go',
      submenu: MENU_ROUTES.map(({ label, route, accelerator }) => ({
        label,
        accelerator,
        click: () => options.navigate(route),
      })),
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Privacy policy', click: () => options.navigate('/privacy-policy') },
        { label: 'Terms of service', click: () => options.navigate('/terms-of-service') },
      ],
    },
  ];
}
