import type * as HowlerModule from 'howler';
import type { Howl } from 'howler';
import { platform } from '../../platform';
import type { SoundLoader } from './store';

let howler: Promise<typeof HowlerModule> | null = null;

/**
 * Loads sounds with howler (Web Audio, falling back to HTML5 audio where it must). Howler itself
 * is fetched on the first sound, off the first page's critical path; until it arrives the handle
 * remembers what was asked of it.
 */
export const howlerLoader: SoundLoader = {
  load(src, { loop, volume, onLoad, onError }) {
    let howl: Howl | null = null;
    let level = volume;
    let wantPlaying = false;
    (howler ??= import('howler'))
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
        else wantPlaying = true;
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
