/**
 * The seam between interface events and the audio system: components ask for a UI sound by
 * key, and the audio feature, when present, registers the player that makes it audible.
 */
export type UiSound = 'navigation' | 'click' | 'notification';

type Player = (sound: UiSound) => void;
let player: Player | null = null;

export function registerUiSoundPlayer(next: Player | null): void {
  player = next;
}

export function playUiSound(sound: UiSound): void {
  try {
    player?.(sound);
  } catch {
    // A failed sound is tolerated silently: a missing sound is never worth an error.
  }
}
