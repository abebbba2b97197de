import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { MENU_ROUTES, menuTemplate } from './menu';

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

describe('the application menu', () => {
  it('opens the main pages as in-app routes', () => {
    const navigate = vi.fn();
    const all = items(menuTemplate({ isMac: false, dev: false, navigate }));
    for (const { label, route } of MENU_ROUTES) {
      const item = all.find((i) => i.label === label)!;
      (item.click as () => void)();
      expect(navigate).toHaveBeenLastCalledWith(route);
    }
    expect(MENU_ROUTES.map((r) => r.route)).toEqual([
      '/',
      '/games',
      '/messages',
      '/watch',
      '/shop',
      '/profile',
    ]);
  });

  it('offers developer tools only in development, and the app menu only on macOS', () => {
    const roles = (isMac: boolean, dev: boolean) =>
      items(menuTemplate({ isMac, dev, navigate: () => undefined })).map((i) => i.role);
    expect(roles(false, false)).not.toContain('toggleDevTools');
    expect(roles(false, true)).toContain('toggleDevTools');
    expect(roles(true, false)).toContain('appMenu');
    expect(roles(false, false)).not.toContain('appMenu');
    expect(roles(false, false)).toContain('quit');
  });
});
