import { describe, expect, it } from 'vitest';
import { bottomTabOf, isTablePage, localPath, PATHS, showsBottomNav } from './paths';

describe('paths', () => {
  it('sign-in carries where to come back to', () => {
    expect(PATHS.signIn(PATHS.games)).toBe('/auth?returnTo=%2Fgames');
    expect(PATHS.signIn('/profile?id=3')).toBe('/auth?returnTo=%2Fprofile%3Fid%3D3');
  });

  it('the shop opens at a tab through its address', () => {
    expect(PATHS.shopTab('decks')).toBe('/shop?tab=decks');
    expect(PATHS.shopTab('avatars')).toBe('/shop?tab=avatars');
  });

  it("lights the bottom tab a page belongs to; another player's profile belongs to where it was opened", () => {
    expect(bottomTabOf('/shop', '?tab=decks', 7)).toBe(PATHS.shop);
    expect(bottomTabOf('/messages/', '', 7)).toBe(PATHS.messages);
    expect(bottomTabOf('/profile', '', 7)).toBe(PATHS.profile);
    // The player's own id, or none worth the name, is still their own profile.
    for (const search of ['?id=7', '?id=0', '?id=abc', '?id=-3'])
      expect(bottomTabOf('/profile', search, 7)).toBe(PATHS.profile);
    // Someone else's: the tab of its returnTo (a friend's from Friends or a conversation), or none.
    expect(bottomTabOf('/profile', `?id=3&returnTo=${encodeURIComponent('/messages')}`, 7)).toBe(
      PATHS.messages,
    );
    expect(
      bottomTabOf('/profile', `?id=3&returnTo=${encodeURIComponent('/messages/conversation/3')}`, 7),
    ).toBe(PATHS.messages);
    expect(bottomTabOf('/profile', '?id=3', 7)).toBeNull();
    expect(
      bottomTabOf('/profile', `?id=3&returnTo=${encodeURIComponent('//evil.example/shop')}`, 7),
    ).toBeNull();
    // Signed out, any id is someone else's.
    expect(bottomTabOf('/profile', '?id=7', null)).toBeNull();
    // A profile opened from another profile follows the chain back.
    const inner = `/profile?id=4&returnTo=${encodeURIComponent('/watch')}`;
    expect(bottomTabOf('/profile', `?id=3&returnTo=${encodeURIComponent(inner)}`, 7)).toBe(PATHS.watch);
    expect(bottomTabOf('/delete-account', '', 7)).toBeNull();
    // Tournaments are reached from the games hub: their pages light the Games tab.
    expect(bottomTabOf('/tournaments', '', 7)).toBe(PATHS.games);
    expect(bottomTabOf('/tournaments/4', '?invite=abcdefgh', 7)).toBe(PATHS.games);
    expect(PATHS.tournament(4, 'abc defgh')).toBe('/tournaments/4?invite=abc%20defgh');
  });

  it('a returnTo from the address bar is kept only when it stays on this site', () => {
    expect(localPath('/games')).toBe('/games');
    expect(localPath('/profile?id=3')).toBe('/profile?id=3');
    for (const away of ['//evil.example', '/\\evil.example', 'https://evil.example', 'games', '', null]) {
      expect(localPath(away), String(away)).toBeNull();
    }
  });

  it('the staff area has its sidebar and no bottom tabs; the pages outside the listed few keep them', () => {
    expect(showsBottomNav(PATHS.manager)).toBe(false);
    expect(showsBottomNav(`${PATHS.manager}/`)).toBe(false);
    expect(showsBottomNav(PATHS.home)).toBe(false);
    expect(showsBottomNav(PATHS.shop)).toBe(true);
    expect(showsBottomNav('/managerial')).toBe(true);
  });

  it('a practice game on this device is a table page: the whole screen, no bottom tabs', () => {
    expect(PATHS.practiceGame(2, 'easy')).toBe('/practice?bots=2&level=easy');
    expect(showsBottomNav(PATHS.practice)).toBe(false);
    expect(isTablePage(PATHS.practice)).toBe(true);
    expect(isTablePage('/practice/')).toBe(true);
    expect(isTablePage(PATHS.game('g1'))).toBe(true);
    expect(isTablePage(PATHS.games)).toBe(false);
    expect(isTablePage('/practiced')).toBe(false);
  });
});
