/**
 * The seam between interface events and the audio system: components and features ask for a
 * sound by key, and the audio store (lib/audio), once installed, makes it audible. See
 * docs/design.md, "Sound".
 */
import type { SoundKey } from './audio/keys';

export type { SoundKey } from './audio/keys';
export type UiSound = 'navigation' | 'click' | 'notification';

type Player = (sound: SoundKey) => void;
let player: Player | null = null;

export function registerSoundPlayer(next: Player | null): void {
  player = next;
}

/** Plays a sound effect; a missing or failing sound is tolerated silently. */
export function playSound(sound: SoundKey): void {
  try {
    player?.(sound);
  } catch {
    // A failed sound is never worth an error.
  }
}

export const playUiSound = (sound: UiSound): void => playSound(sound);
