import { describe, expect, it } from 'vitest';
import { localPath, PATHS, showsBottomNav } from './paths';

describe('paths', () => {
  it('sign-in carries where to come back to', () => {
    expect(PATHS.signIn(PATHS.games)).toBe('/auth?returnTo=%2Fgames');
    expect(PATHS.signIn('/profile?id=3')).toBe('/auth?returnTo=%2Fprofile%3Fid%3D3');
  });

  it('a returnTo from the address bar is kept only when it stays on this site', () => {
    expect(localPath('/games')).toBe('/games');
    expect(localPath('/profile?id=3')).toBe('/profile?id=3');
    for (const away of ['//evil.example', '/\\evil.example', 'https://evil.example', 'games', '', null]) {
      expect(localPath(away), String(away)).toBeNull();
    }
  });

  it('the staff area keeps the bottom tabs, like every page outside the listed few', () => {
    expect(showsBottomNav(PATHS.manager)).toBe(true);
    expect(showsBottomNav(PATHS.home)).toBe(false);
  });
});
