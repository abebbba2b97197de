import type * as HowlerModule from 'howler';
import type { Howl } from 'howler';
import { platform } from '../../platform';
import type { SoundLoader } from './store';

let howler: Promise<typeof HowlerModule> | null = null;

/** The events that count as a user gesture for audio (each grants the page user activation). */
const GESTURES = ['click', 'keydown', 'touchend'] as const;
let gestured = false;
let firstGesture: Promise<void> | null = null;

/**
 * Resolves on the page's first user gesture. Browsers refuse (and warn about) an AudioContext
 * started before one, and howler starts its context with the first sound, so no sound is made
 * before it. See docs/design.md, "Sound".
 */
function afterFirstGesture(doc: Document = document): Promise<void> {
  return (firstGesture ??= new Promise((resolve) => {
    const done = () => {
      for (const name of GESTURES) doc.removeEventListener(name, done, true);
      gestured = true;
      resolve();
    };
    for (const name of GESTURES) doc.addEventListener(name, done, true);
  }));
}

/**
 * Loads sounds with howler (Web Audio, falling back to HTML5 audio where it must). Howler itself
 * is fetched after the first user gesture, off the first page's critical path; until it arrives
 * the handle remembers what was asked of it.
 */
export const howlerLoader: SoundLoader = {
  load(src, { loop, volume, onLoad, onError }) {
    let howl: Howl | null = null;
    let level = volume;
    let wantPlaying = false;
    afterFirstGesture()
      .then(() => (howler ??= import('howler')))
      .then(({ Howl }) => {
        const made: Howl = new Howl({
          // The offline cache's copy where the platform has one, else the server's file.
          src: [platform.soundSource(src)],
          format: ['mp3'],
          loop,
          volume: level,
          preload: true,
          onload: onLoad,
          onloaderror: onError,
          // A play refused (audio still locked) is retried once the browser unlocks audio.
          onplayerror: () => made.once('unlock', () => made.play()),
        });
        howl = made;
        if (wantPlaying) made.play();
      })
      .catch(onError);
    return {
      play() {
        if (howl) howl.play();
        // A sound asked for before any gesture is dropped rather than played late; music waits.
        else wantPlaying = loop || gestured;
      },
      pause() {
        if (howl) howl.pause();
        else wantPlaying = false;
      },
      stop() {
        if (howl) howl.stop();
        else wantPlaying = false;
      },
      volume(next) {
        level = next;
        howl?.volume(next);
      },
      playing: () => (howl ? howl.playing() : wantPlaying && loop),
    };
  },
};
