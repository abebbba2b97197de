// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { Outlet, RouterProvider, createMemoryRouter, useParams } from 'react-router';
import { pageNameOf, useDocumentTitle, usePageName } from './document-title';
import { PATHS, ROUTE_PATTERNS } from './paths';

afterEach(cleanup);

describe('document titles', () => {
  it('names every route, the home page with the site title', () => {
    const cases: [string, string | null][] = [
      ['/', null],
      ['/shop', 'Shop'],
      ['/shop/', 'Shop'],
      ['/games', 'Games'],
      ['/profile', 'Profile'],
      ['/watch', 'Watch'],
      ['/messages', 'Messages'],
      ['/messages/conversation/12', 'Messages'],
      ['/manager', 'Staff'],
      ['/tournaments', 'Tournaments'],
      ['/tournaments/12', 'Tournament'],
      ['/tournaments/12/more', 'Page not found'],
      ['/auth', 'Sign in'],
      ['/game/abc', 'Game'],
      ['/game/abc/replay', 'Replay'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
      ['/practice', 'Practice'],
      ['/nowhere', 'Page not found'],
      ['/game/abc/replay/more', 'Page not found'],
    ];
    for (const [path, name] of cases) expect([path, pageNameOf(path)]).toEqual([path, name]);
  });

  it('gives every path the app defines a name of its own', () => {
    const paths = [
      ...(Object.values(PATHS) as unknown[]).filter((path): path is string => typeof path === 'string'),
      ...Object.values(ROUTE_PATTERNS).map((pattern) => pattern.replace(/:[^/]+/g, '7')),
    ];
    for (const path of paths.map((address) => new URL(address, 'https://x').pathname))
      expect([path, pageNameOf(path)]).not.toEqual([path, 'Page not found']);
  });

  it('follows navigation, and a page that names itself wins only on its own path', async () => {
    function Friend() {
      const { id } = useParams();
      usePageName(id === '3' ? 'Ama · Messages' : null);
      return null;
    }
    function Frame() {
      useDocumentTitle();
      return <Outlet />;
    }
    const router = createMemoryRouter(
      [
        {
          element: <Frame />,
          children: [
            { path: '/', element: null },
            { path: '/shop', element: null },
            { path: '/messages/conversation/:id', element: <Friend /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Provider>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(document.title).toBe('Spar — the West African card game');
    await act(() => router.navigate('/shop'));
    expect(document.title).toBe('Shop · Spar');
    await act(() => router.navigate('/messages/conversation/3'));
    expect(document.title).toBe('Ama · Messages · Spar');
    // Another conversation whose friend is not known yet: the route's own name, not Ama's.
    await act(() => router.navigate('/messages/conversation/4'));
    expect(document.title).toBe('Messages · Spar');
    await act(() => router.navigate('/shop'));
    expect(document.title).toBe('Shop · Spar');
  });
});
