import { describe, expect, it } from 'vitest';
import { fakeSafeStorage, MapStore } from '../testing/fakes';
import { SecureStorageUnavailableError, TokenStore } from './token-store';

const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('the token store', () => {
  it('round-trips a token through the keychain and keeps only ciphertext on disk', () => {
    const store = new MapStore();
    const tokens = new TokenStore(store, fakeSafeStorage(), 'linux');
    expect(tokens.get()).toBeNull();
    tokens.set(TOKEN);
    const saved = [...store.data.values()];
    expect(saved).toHaveLength(1);
    expect(typeof saved[0]).toBe('string');
    expect(saved[0]).not.toContain(TOKEN);
    expect(Buffer.from(saved[0] as string, 'base64').toString('latin1')).not.toContain(TOKEN);
    // A fresh store over the same file (the next launch) reads it back.
    expect(new TokenStore(store, fakeSafeStorage(), 'linux').get()).toBe(TOKEN);
    tokens.clear();
    expect(tokens.get()).toBeNull();
    expect(store.data.size).toBe(0);
  });

  it('refuses to store a token when the system cannot encrypt it', () => {
    const store = new MapStore();
    expect(() => new TokenStore(store, fakeSafeStorage({ available: false }), 'win32').set(TOKEN)).toThrow(
      SecureStorageUnavailableError,
    );
    // Linux without a keyring "encrypts" with a fixed key: that is plaintext in disguise.
    expect(() =>
      new TokenStore(store, fakeSafeStorage({ backend: 'basic_text' }), 'linux').set(TOKEN),
    ).toThrow(/keychain/);
    expect(store.data.size).toBe(0);
    // The same backend name means nothing on macOS, where the Keychain is always used.
    new TokenStore(store, fakeSafeStorage({ backend: 'basic_text' }), 'darwin').set(TOKEN);
    expect(store.data.size).toBe(1);
  });

  it('forgets a token this keychain cannot decrypt (another user or machine)', () => {
    const store = new MapStore();
    new TokenStore(store, fakeSafeStorage({ key: 0x11 }), 'win32').set(TOKEN);
    const other = new TokenStore(store, fakeSafeStorage({ key: 0x77 }), 'win32');
    expect(other.get()).toBeNull();
    expect(store.data.size).toBe(0);
  });
});
