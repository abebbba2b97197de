// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SOUND_CATEGORIES as BUILT_CATEGORIES,
  SOUND_PACKS as BUILT_PACKS,
} from '../../../../build/sounds/catalogue.mjs';
import { playSound } from '../sounds';
import { installAudio } from './index';
import { SOUND_CATEGORIES, SOUND_PACKS, soundUrl } from './keys';
import { AudioStore, DUCK_MS, PRELOAD_TIMEOUT_MS, type SoundLoader } from './store';

/** A fake howler: records every sound made, and loads (or fails) only when told to. */
class FakeSound {
  volumes: number[] = [];
  plays = 0;
  isPlaying = false;
  constructor(
    readonly src: string,
    readonly loop: boolean,
    readonly done: { onLoad: () => void; onError: () => void },
  ) {}
  play() {
    this.plays++;
    this.isPlaying = this.loop;
  }
  pause() {
    this.isPlaying = false;
  }
  stop() {
    this.isPlaying = false;
  }
  volume(level: number) {
    this.volumes.push(level);
  }
  playing() {
    return this.isPlaying;
  }
  get level() {
    return this.volumes.at(-1);
  }
}

function fakeLoader() {
  const sounds = new Map<string, FakeSound>();
  const loader: SoundLoader = {
    load(src, { loop, onLoad, onError }) {
      const sound = new FakeSound(src, loop, { onLoad, onError });
      sounds.set(src, sound);
      return sound;
    },
  };
  return { loader, sounds };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('the audio store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at effects 0.5, music 0.3, master 1, nothing muted on the web and music muted on native', () => {
    const web = new AudioStore({ loader: fakeLoader().loader, storage: memoryStorage(), isNative: false });
    expect(web.getSettings()).toEqual({
      masterVolume: 1,
      masterMuted: false,
      effectsVolume: 0.5,
      effectsMuted: false,
      musicVolume: 0.3,
      musicMuted: false,
      pack: null,
    });
    const native = new AudioStore({ loader: fakeLoader().loader, storage: memoryStorage(), isNative: true });
    expect(native.getSettings().musicMuted).toBe(true);
    expect(native.getSettings().effectsMuted).toBe(false);
  });

  it('stores each setting under its own key and reads them back', () => {
    const storage = memoryStorage();
    const store = new AudioStore({ loader: fakeLoader().loader, storage, isNative: false });
    store.setMasterVolume(0.8);
    store.setMasterMuted(true);
    store.setEffectsVolume(0.25);
    store.setEffectsMuted(true);
    store.setMusicVolume(0);
    store.setMusicMuted(true);
    expect(Object.fromEntries(storage.data)).toEqual({
      gameVolume: '0.8',
      gameMuted: 'true',
      'sound-effects-volume': '0.25',
      'sound-effects-muted': 'true',
      'background-music-volume': '0',
      'background-music-muted': 'true',
    });
    const again = new AudioStore({ loader: fakeLoader().loader, storage, isNative: false });
    expect(again.getSettings()).toMatchObject({
      masterVolume: 0.8,
      masterMuted: true,
      effectsVolume: 0.25,
      effectsMuted: true,
      musicVolume: 0,
      musicMuted: true,
    });
    // Native keeps a stored choice to hear the music.
    storage.setItem('background-music-muted', 'false');
    expect(
      new AudioStore({ loader: fakeLoader().loader, storage, isNative: true }).getSettings().musicMuted,
    ).toBe(false);
  });

  it('refuses volumes outside 0–1 and ignores stored nonsense', () => {
    const storage = memoryStorage({ gameVolume: '7', 'sound-effects-volume': 'loud' });
    const store = new AudioStore({ loader: fakeLoader().loader, storage, isNative: false });
    expect(store.getSettings().masterVolume).toBe(1);
    expect(store.getSettings().effectsVolume).toBe(0.5);
    for (const bad of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => store.setMasterVolume(bad)).toThrow('Volume must be between 0 and 1');
      expect(() => store.setEffectsVolume(bad)).toThrow('Volume must be between 0 and 1');
      expect(() => store.setMusicVolume(bad)).toThrow('Volume must be between 0 and 1');
    }
    expect(store.getSettings()).toMatchObject({ masterVolume: 1, effectsVolume: 0.5, musicVolume: 0.3 });
    expect(storage.data.get('gameVolume')).toBe('7');
    store.setMusicVolume(1);
    store.setEffectsVolume(0);
    expect(store.getSettings()).toMatchObject({ musicVolume: 1, effectsVolume: 0 });
  });

  it('plays effects at master × effects volume, not at all when muted, and the pack variant', () => {
    const { loader, sounds } = fakeLoader();
    const store = new AudioStore({ loader, storage: memoryStorage(), isNative: false });
    store.setMasterVolume(0.5);
    store.play('card-play');
    const card = sounds.get('/sounds/gameplay/card-play.mp3')!;
    expect(card.plays).toBe(1);
    expect(card.level).toBe(0.25);
    store.setEffectsMuted(true);
    store.play('card-play');
    expect(card.plays).toBe(1);
    store.setEffectsMuted(false);
    store.setMasterMuted(true);
    store.play('card-play');
    expect(card.plays).toBe(1);
    store.setMasterMuted(false);
    store.setPack('kalimba');
    store.play('card-play');
    store.play('click');
    expect(sounds.get('/sounds/gameplay/card-play.kalimba.mp3')!.plays).toBe(1);
    // Packs re-voice the gameplay sounds only.
    expect(sounds.get('/sounds/ui/click.mp3')!.plays).toBe(1);
  });

  it('preloads with a 3 s time-out and skips a sound whose file failed, silently', async () => {
    const { loader, sounds } = fakeLoader();
    const store = new AudioStore({ loader, storage: memoryStorage(), isNative: false });
    let done = false;
    void store.preload(['click', 'card-deal']).then(() => (done = true));
    sounds.get('/sounds/ui/click.mp3')!.done.onLoad();
    await vi.advanceTimersByTimeAsync(PRELOAD_TIMEOUT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    // All settled before the time-out: resolves at once.
    let second = false;
    void store.preload(['navigation']).then(() => (second = true));
    sounds.get('/sounds/ui/navigation.mp3')!.done.onError();
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toBe(true);
    expect(store.failed('navigation')).toBe(true);
    expect(() => store.play('navigation')).not.toThrow();
    expect(sounds.get('/sounds/ui/navigation.mp3')!.plays).toBe(0);

    // A loader that throws is tolerated too.
    const broken = new AudioStore({
      loader: {
        load() {
          throw new Error('no audio here');
        },
      },
      storage: null,
      isNative: false,
    });
    await expect(broken.preload(['click'])).resolves.toBeUndefined();
    expect(() => broken.play('click')).not.toThrow();
  });

  it('starts the music only once allowed, at master × music volume, and follows the mutes', () => {
    const { loader, sounds } = fakeLoader();
    const store = new AudioStore({ loader, storage: memoryStorage(), isNative: false });
    expect(sounds.size).toBe(0);
    store.startMusic();
    const music = sounds.get('/sounds/background/table-theme.mp3')!;
    expect(music.loop).toBe(true);
    expect(music.playing()).toBe(true);
    expect(music.level).toBeCloseTo(0.3);
    store.setMusicVolume(0.6);
    expect(music.level).toBeCloseTo(0.6);
    store.setMusicMuted(true);
    expect(music.playing()).toBe(false);
    store.setMusicMuted(false);
    expect(music.playing()).toBe(true);
    store.setMasterMuted(true);
    expect(music.playing()).toBe(false);
    store.setMasterMuted(false);
    store.startMusic('evening-theme');
    expect(music.playing()).toBe(false);
    expect(sounds.get('/sounds/background/evening-theme.mp3')!.playing()).toBe(true);
  });

  it('ducks the music to 20% for 3 s while a win sound plays, restarting the 3 s on a second one', () => {
    const { loader, sounds } = fakeLoader();
    const store = new AudioStore({ loader, storage: memoryStorage(), isNative: false });
    store.startMusic();
    const music = sounds.get('/sounds/background/table-theme.mp3')!;
    store.play('game-won');
    expect(music.level).toBeCloseTo(0.3 * 0.2);
    vi.advanceTimersByTime(2000);
    store.play('match-found');
    vi.advanceTimersByTime(DUCK_MS - 1);
    expect(music.level).toBeCloseTo(0.06);
    vi.advanceTimersByTime(1);
    expect(music.level).toBeCloseTo(0.3);
    // An ordinary effect does not duck.
    store.play('card-play');
    expect(music.level).toBeCloseTo(0.3);
  });

  it('pauses the music while the page is hidden and resumes on return', () => {
    const { loader, sounds } = fakeLoader();
    const store = new AudioStore({ loader, storage: memoryStorage(), isNative: false });
    const undo = installAudio(store, document);
    expect(sounds.has('/sounds/background/table-theme.mp3')).toBe(false);
    // The first gesture starts the music (browsers allow sound only after one).
    document.dispatchEvent(new Event('pointerdown'));
    const music = sounds.get('/sounds/background/table-theme.mp3')!;
    expect(music.playing()).toBe(true);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(music.playing()).toBe(false);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(music.playing()).toBe(true);
    // Music muted while away stays off on return.
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    store.setMusicMuted(true);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(music.playing()).toBe(false);
    // Sounds asked for anywhere play through the installed store.
    playSound('trick-won');
    expect(sounds.get('/sounds/gameplay/trick-won.mp3')!.plays).toBe(1);
    undo();
    playSound('trick-won');
    expect(sounds.get('/sounds/gameplay/trick-won.mp3')!.plays).toBe(1);
    visibility.mockRestore();
  });

  it('knows the same keys and packs as the build that generates the files', () => {
    expect(SOUND_CATEGORIES).toEqual(BUILT_CATEGORIES);
    expect([...SOUND_PACKS]).toEqual(BUILT_PACKS);
    expect(soundUrl('hand-won', 'chimes')).toBe('/sounds/win/hand-won.mp3');
    expect(soundUrl('your-turn', 'drums')).toBe('/sounds/gameplay/your-turn.drums.mp3');
    expect(soundUrl('your-turn', 'unknown-pack')).toBe('/sounds/gameplay/your-turn.mp3');
  });
});
