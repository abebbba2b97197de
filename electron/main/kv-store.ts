/** The slice of electron-store the main modules use, so tests can hand them a Map-backed fake. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}
