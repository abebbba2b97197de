/**
 * Sockets by key (user, session). Nearly every key has one socket, so a key holds the socket
 * itself and only a second one makes a Set: a Set per key costs ~150 B per idle connection
 * (`npm run bench:ws`, memory per idle authenticated connection).
 */
export class SocketIndex<K, V> {
  private readonly entries = new Map<K, V | Set<V>>();

  /** Keys holding at least one socket (users signed in, for the metrics). */
  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The sockets of `key`, as a new array (safe to change the index while going through it). */
  get(key: K): V[] {
    const entry = this.entries.get(key);
    if (entry === undefined) return [];
    return entry instanceof Set ? [...entry] : [entry];
  }

  /** Calls `fn` with each socket of `key` (the hot path: no array for the usual single socket). */
  each(key: K, fn: (value: V) => void): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    if (entry instanceof Set) for (const value of [...entry]) fn(value);
    else fn(entry);
  }

  count(key: K): number {
    const entry = this.entries.get(key);
    return entry === undefined ? 0 : entry instanceof Set ? entry.size : 1;
  }

  /** Adds a socket; true when it is the key's first. */
  add(key: K, value: V): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.entries.set(key, value);
      return true;
    }
    if (entry instanceof Set) entry.add(value);
    else if (entry !== value) this.entries.set(key, new Set([entry, value]));
    return false;
  }

  /** Removes a socket; true when the key has none left. */
  delete(key: K, value: V): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return true;
    if (entry instanceof Set) {
      entry.delete(value);
      if (entry.size === 1) this.entries.set(key, entry.values().next().value!);
      return false;
    }
    if (entry !== value) return false;
    this.entries.delete(key);
    return true;
  }
}
