import { atom, getDefaultStore } from 'jotai';

/** A new version of the app, installed and waiting for the player to reload into it. */
export interface PendingUpdate {
  /** Hands the page to the waiting service worker and reloads into the new version. */
  apply: () => void;
}

/** The waiting update, or null while the running version is the newest. See lib/pwa/service-worker.ts. */
export const pendingUpdateAtom = atom<PendingUpdate | null>(null);

/** Says an update is waiting; the prompt (components/UpdatePrompt.tsx) offers Reload. */
export function announceUpdate(update: PendingUpdate): void {
  getDefaultStore().set(pendingUpdateAtom, update);
}

/** The player put the update off: the prompt comes back with the next one, or the next visit. */
export function dismissUpdate(): void {
  getDefaultStore().set(pendingUpdateAtom, null);
}
