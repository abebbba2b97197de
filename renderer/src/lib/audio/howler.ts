import { Howl } from 'howler';
import { resolveUrl } from '../../platform';
import type { SoundLoader } from './store';

/** Loads sounds with howler (Web Audio, falling back to HTML5 audio where it must). */
export const howlerLoader: SoundLoader = {
  load(src, { loop, volume, onLoad, onError }) {
    const howl = new Howl({
      src: [resolveUrl(src)],
      format: ['mp3'],
      loop,
      volume,
      preload: true,
      onload: onLoad,
      onloaderror: onError,
      // A play refused (audio still locked) is retried once the browser unlocks audio.
      onplayerror: () => howl.once('unlock', () => howl.play()),
    });
    return {
      play: () => void howl.play(),
      pause: () => void howl.pause(),
      stop: () => void howl.stop(),
      volume: (level) => void howl.volume(level),
      playing: () => howl.playing(),
    };
  },
};
