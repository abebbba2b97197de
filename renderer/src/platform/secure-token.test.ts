import { describe, expect, it } from 'vitest';
import { migrateToken, secureTokenStorage, TOKEN_KEY, type KeyValueStore } from './secure-token';

/** A store in memory; `failWrites` makes set() reject as a locked keystore does. */
function store(initial: Record<string, string> = {}, failWrites = false) {
  const data = new Map(Object.entries(initial));
  const api: KeyValueStore = {
    get: async (key) => data.get(key) ?? null,
    set: async (key, value) => {
      if (failWrites) throw new Error('KeyStore is locked');
      data.set(key, value);
    },
    remove: async (key) => void data.delete(key),
  };
  return { data, api };
}

describe('migrateToken', () => {
  it('moves a Preferences token into secure storage and deletes it from Preferences', async () => {
    const legacy = store({ [TOKEN_KEY]: 'abc' });
    const secure = store();
    await migrateToken(legacy.api, secure.api);
    expect(secure.data.get(TOKEN_KEY)).toBe('abc');
    expect(legacy.data.has(TOKEN_KEY)).toBe(false);
  });

  it('keeps a token already in secure storage and still deletes the old copy', async () => {
    const legacy = store({ [TOKEN_KEY]: 'old' });
    const secure = store({ [TOKEN_KEY]: 'new' });
    await migrateToken(legacy.api, secure.api);
    expect(secure.data.get(TOKEN_KEY)).toBe('new');
    expect(legacy.data.has(TOKEN_KEY)).toBe(false);
  });

  it('leaves the Preferences copy when the secure write fails', async () => {
    const legacy = store({ [TOKEN_KEY]: 'abc' });
    await expect(migrateToken(legacy.api, store({}, true).api)).rejects.toThrow('KeyStore is locked');
    expect(legacy.data.get(TOKEN_KEY)).toBe('abc');
  });

  it('does nothing when Preferences holds no token', async () => {
    const legacy = store({ other: 'x' });
    const secure = store();
    await migrateToken(legacy.api, secure.api);
    expect([...secure.data]).toEqual([]);
    expect([...legacy.data]).toEqual([['other', 'x']]);
  });
});

describe('secureTokenStorage', () => {
  it('moves the token before the first read, then writes and clears secure storage only', async () => {
    const legacy = store({ [TOKEN_KEY]: 'abc' });
    const secure = store();
    const tokens = secureTokenStorage(legacy.api, secure.api);
    expect(await tokens.get()).toBe('abc');
    expect(legacy.data.has(TOKEN_KEY)).toBe(false);
    await tokens.set('def');
    expect(secure.data.get(TOKEN_KEY)).toBe('def');
    expect(legacy.data.has(TOKEN_KEY)).toBe(false);
    await tokens.clear();
    expect(await tokens.get()).toBeNull();
  });

  it('a write before any read moves nothing over the new token', async () => {
    const legacy = store({ [TOKEN_KEY]: 'old' });
    const secure = store();
    const tokens = secureTokenStorage(legacy.api, secure.api);
    await tokens.set('new');
    expect(await tokens.get()).toBe('new');
    expect(legacy.data.has(TOKEN_KEY)).toBe(false);
  });

  it('reads the Preferences token while secure storage refuses writes', async () => {
    const legacy = store({ [TOKEN_KEY]: 'abc' });
    const tokens = secureTokenStorage(legacy.api, store({}, true).api);
    expect(await tokens.get()).toBe('abc');
    await expect(tokens.set('def')).rejects.toThrow('KeyStore is locked');
  });
});
