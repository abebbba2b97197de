import { useEffect, useSyncExternalStore } from 'react';
import { platform } from '../../platform';
import { registerSoundPlayer } from '../sounds';
import { howlerLoader } from './howler';
import type { MusicKey, SoundKey } from './keys';
import { AudioStore, type AudioSettings } from './store';

export { AudioStore, VOLUME_ERROR } from './store';
export type { AudioSettings, SoundHandle, SoundLoader } from './store';
export * from './keys';

function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The app's one audio store. */
export const audio = new AudioStore({
  loader: howlerLoader,
  storage: localStorageOrNull(),
  isNative: platform.isNative,
});

/** The sounds worth having ready before they are first needed. */
const PRELOADED: readonly SoundKey[] = [
  'navigation',
  'click',
  'card-deal',
  'card-play',
  'your-turn',
  'trick-won',
];

/**
 * Wires the store to the page once: sound requests from anywhere play through it, the music starts
 * on the first user gesture and pauses while the page is hidden or the app is in the background. Returns the undo.
 */
export function installAudio(store: AudioStore = audio, doc: Document = document): () => void {
  registerSoundPlayer((key) => store.play(key));
  void store.preload(PRELOADED);
  const gestures = ['pointerdown', 'keydown', 'touchstart'] as const;
  const onGesture = () => {
    for (const name of gestures) doc.removeEventListener(name, onGesture, true);
    store.startMusic();
  };
  for (const name of gestures) doc.addEventListener(name, onGesture, true);
  const onVisibility = () => store.setHidden(doc.visibilityState === 'hidden');
  doc.addEventListener('visibilitychange', onVisibility);
  // A mobile app sent to the background pauses the music and resumes it on return; docs/mobile.md, "App state".
  const offAppState = platform.onAppStateChange((active) => store.setHidden(!active));
  return () => {
    offAppState();
    registerSoundPlayer(null);
    for (const name of gestures) doc.removeEventListener(name, onGesture, true);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

export function useAudioSettings(store: AudioStore = audio): AudioSettings {
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.getSettings(),
  );
}

/** A page's music loop, for as long as the page is shown. */
export function useMusic(key: MusicKey, store: AudioStore = audio): void {
  useEffect(() => {
    store.chooseMusic(key);
    return () => store.chooseMusic('table-theme');
  }, [key, store]);
}
