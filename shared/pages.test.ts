import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE, PAGE_ROUTES, pageOfPath } from './pages';

describe('pageOfPath', () => {
  it('finds each route by its own address', () => {
    for (const { path, page } of PAGE_ROUTES) expect(pageOfPath(path.replace(/:[^/]+/g, 'x7'))).toBe(page);
  });

  it('matches as the router does: any case, a trailing slash, a query or a fragment', () => {
    expect(pageOfPath('/')).toBe('home');
    expect(pageOfPath('')).toBe('home');
    expect(pageOfPath('/Games/')).toBe('games');
    expect(pageOfPath('/shop?tab=decks')).toBe('shop');
    expect(pageOfPath('/game/abc123/replay#end')).toBe('replay');
    expect(pageOfPath('/game/abc123')).toBe('game');
  });

  it('sends anything else to the not-found page', () => {
    for (const path of [
      '/nope',
      '/game',
      '/game//replay',
      '/game/a/b/c',
      '/messages/conversation',
      '/shop/x',
    ])
      expect(pageOfPath(path)).toBe(NOT_FOUND_PAGE);
  });
});
