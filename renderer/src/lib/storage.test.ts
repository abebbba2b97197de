// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenStorage } from '../platform';

/** A native shell's token storage, faked: what the keychain or Preferences would hold. */
const shell = vi.hoisted(() => {
  const state = { stored: null as string | null, writes: [] as (string | null)[], failing: false };
  const tokenStorage: TokenStorage = {
    get: async () => {
      if (state.failing) throw new Error('keychain locked');
      return state.stored;
    },
    set: async (token) => {
      state.stored = token;
      state.writes.push(token);
    },
    clear: async () => {
      state.stored = null;
      state.writes.push(null);
    },
  };
  return { state, tokenStorage };
});

vi.mock('../platform', () => ({ platform: { tokenStorage: shell.tokenStorage } }));

const { getToken, loadToken, setToken } = await import('./storage');

describe('the session token in a native shell', () => {
  beforeEach(() => {
    localStorage.clear();
    Object.assign(shell.state, { stored: null, writes: [], failing: false });
  });

  it("is read once from the shell's storage and never from localStorage", async () => {
    shell.state.stored = 'from-keychain';
    localStorage.setItem('token', 'stale-web-token');
    await loadToken();
    expect(getToken()).toBe('from-keychain');
  });

  it('is written through to the shell and not to localStorage, and cleared there', async () => {
    setToken('new-session');
    expect(getToken()).toBe('new-session');
    await vi.waitFor(() => expect(shell.state.stored).toBe('new-session'));
    expect(localStorage.getItem('token')).toBeNull();
    setToken(null);
    expect(getToken()).toBeNull();
    await vi.waitFor(() => expect(shell.state.writes).toEqual(['new-session', null]));
  });

  it('a storage that cannot be read starts signed out', async () => {
    shell.state.failing = true;
    await loadToken();
    expect(getToken()).toBeNull();
  });
});
