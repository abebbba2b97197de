/**
 * The session token, encrypted with the operating system's keychain (safeStorage) and kept as
 * base64 in electron-store. When the system offers no real encryption (no keychain, or Linux's
 * `basic_text` fallback with a fixed key) the token is not stored at all: a clear error beats a
 * plaintext secret on disk. See docs/desktop.md, "Token storage".
 */
import type { SafeStorage } from 'electron';
import type { KeyValueStore } from './kv-store';

const KEY = 'sessionToken';

export class SecureStorageUnavailableError extends Error {
  constructor() {
    super('Secure storage (the system keychain) is not available, so the session cannot be kept.');
    this.name = 'SecureStorageUnavailableError';
  }
}

type Crypto = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

export class TokenStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly crypto: Crypto,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  private canEncrypt(): boolean {
    if (!this.crypto.isEncryptionAvailable()) return false;
    // On Linux without a keyring Electron falls back to a hard-coded key: not a secret at all.
    if (this.platform === 'linux' && this.crypto.getSelectedStorageBackend?.() === 'basic_text') return false;
    return true;
  }

  get(): string | null {
    const stored = this.store.get(KEY);
    if (typeof stored !== 'string' || !this.canEncrypt()) return null;
    try {
      return this.crypto.decryptString(Buffer.from(stored, 'base64'));
    } catch {
      // Written under another OS user or keychain: unreadable for good, so forget it.
      this.store.delete(KEY);
      return null;
    }
  }

  set(token: string): void {
    if (!this.canEncrypt()) throw new SecureStorageUnavailableError();
    this.store.set(KEY, this.crypto.encryptString(token).toString('base64'));
  }

  clear(): void {
    this.store.delete(KEY);
  }
}
