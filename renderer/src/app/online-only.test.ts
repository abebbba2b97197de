import { describe, expect, it } from 'vitest';
import { PATHS } from '../lib/paths';
import { connectionNeededFor } from './online-only';

describe('which pages need a connection', () => {
  it('names what each online-only page needs it for', () => {
    expect(connectionNeededFor(PATHS.shop)).toBe('The shop');
    expect(connectionNeededFor(`${PATHS.shop}/`)).toBe('The shop');
    expect(connectionNeededFor(PATHS.watch)).toBe('Watching live games');
    expect(connectionNeededFor(PATHS.messages)).toBe('Friends and messages');
    expect(connectionNeededFor(PATHS.conversation(7))).toBe('Friends and messages');
    expect(connectionNeededFor(PATHS.profile)).toBe('Your profile');
    expect(connectionNeededFor(PATHS.manager)).toBe('The staff area');
    expect(connectionNeededFor(PATHS.auth)).toBe('Signing in');
    expect(connectionNeededFor(PATHS.oauthRedirect)).toBe('Signing in');
    expect(connectionNeededFor(PATHS.deleteAccount)).toBe('Your account');
    expect(connectionNeededFor(PATHS.replay('abc'))).toBe('A replay');
  });

  it('lets the pages that work on the device open', () => {
    for (const path of [
      PATHS.home,
      PATHS.games,
      PATHS.game('abc'),
      PATHS.privacyPolicy,
      PATHS.termsOfService,
    ])
      expect(connectionNeededFor(path)).toBeNull();
  });
});
