/** Fakes of the Electron pieces the main modules use, for the unit tests beside them. */
import type { KeyValueStore } from '../main/kv-store';

export class MapStore implements KeyValueStore {
  readonly data = new Map<string, unknown>();
  get(key: string): unknown {
    return this.data.get(key);
  }
  set(key: string, value: unknown): void {
    this.data.set(key, value);
  }
  delete(key: string): void {
    this.data.delete(key);
  }
}

/**
 * A stand-in for safeStorage: a reversible scramble with a per-instance key, so a value written
 * by one "keychain" cannot be read by another, and the stored bytes never equal the plaintext.
 */
export function fakeSafeStorage(options: { available?: boolean; backend?: string; key?: number } = {}) {
  const key = options.key ?? 0x5a;
  const scramble = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ key));
  return {
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => (options.backend ?? 'gnome_libsecret') as 'gnome_libsecret',
    encryptString: (plain: string) =>
      Buffer.concat([Buffer.from('v10'), scramble(Buffer.from(plain, 'utf8'))]),
    decryptString: (encrypted: Buffer) => {
      if (encrypted.subarray(0, 3).toString() !== 'v10')
        throw new Error('Error while decrypting the ciphertext');
      const plain = scramble(encrypted.subarray(3)).toString('utf8');
      if (!/^[\x20-\x7e]*$/.test(plain)) throw new Error('Error while decrypting the ciphertext');
      return plain;
    },
  };
}
