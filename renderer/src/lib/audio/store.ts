import { STORAGE_KEYS } from '../storage';
import { DUCKING_SOUNDS, soundUrl, type MusicKey, type SoundKey } from './keys';

/** See docs/design.md, "Sound": the numbers of the audio system. */
export const DEFAULT_EFFECTS_VOLUME = 0.5;
export const DEFAULT_MUSIC_VOLUME = 0.3;
export const DEFAULT_MASTER_VOLUME = 1;
export const PRELOAD_TIMEOUT_MS = 3000;
export const DUCK_LEVEL = 0.2;
export const DUCK_MS = 3000;
export const VOLUME_ERROR = 'Volume must be between 0 and 1';

/** One loaded sound, as the store drives it; howler's Howl in the app, a fake in tests. */
export interface SoundHandle {
  play(): void;
  pause(): void;
  stop(): void;
  volume(level: number): void;
  playing(): boolean;
}

export interface SoundLoader {
  load(
    src: string,
    options: { loop: boolean; volume: number; onLoad: () => void; onError: () => void },
  ): SoundHandle;
}

export interface AudioSettings {
  masterVolume: number;
  masterMuted: boolean;
  effectsVolume: number;
  effectsMuted: boolean;
  musicVolume: number;
  musicMuted: boolean;
  /** The active sound pack's slug, or null for the standard sounds. */
  pack: string | null;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function validVolume(level: number): number {
  if (typeof level !== 'number' || !Number.isFinite(level) || level < 0 || level > 1)
    throw new RangeError(VOLUME_ERROR);
  return level;
}

interface Entry {
  handle: SoundHandle;
  state: 'loading' | 'loaded' | 'failed';
  settled: Promise<void>;
}

/**
 * The audio system: two channels (sound effects and background music) under a master volume, each
 * with its own mute, kept in local storage under the settings keys. Effects play on demand; the
 * music loops once started (on the first user gesture, as browsers require), pauses while the page
 * is in the background and dips to 20% for 3 s while a big moment (a win, a match found) plays. A
 * sound that fails to load is skipped silently. See docs/design.md, "Sound".
 */
export class AudioStore {
  private settings: AudioSettings;
  private readonly listeners = new Set<() => void>();
  private readonly entries = new Map<string, Entry>();
  private music: { key: MusicKey; entry: Entry } | null = null;
  private musicKey: MusicKey = 'table-theme';
  private started = false;
  private hidden = false;
  private ducked = false;
  private duckTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: { loader: SoundLoader; storage: KeyValueStore | null; isNative: boolean },
  ) {
    this.settings = this.read();
  }

  // ── Settings ──────────────────────────────────────────────────────────────────────────────

  getSettings(): AudioSettings {
    return this.settings;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setMasterVolume(level: number): void {
    this.update({ masterVolume: validVolume(level) }, STORAGE_KEYS.gameVolume, String(level));
  }
  setEffectsVolume(level: number): void {
    this.update({ effectsVolume: validVolume(level) }, STORAGE_KEYS.soundEffectsVolume, String(level));
  }
  setMusicVolume(level: number): void {
    this.update({ musicVolume: validVolume(level) }, STORAGE_KEYS.backgroundMusicVolume, String(level));
  }
  setMasterMuted(muted: boolean): void {
    this.update({ masterMuted: muted }, STORAGE_KEYS.gameMuted, String(muted));
  }
  setEffectsMuted(muted: boolean): void {
    this.update({ effectsMuted: muted }, STORAGE_KEYS.soundEffectsMuted, String(muted));
  }
  setMusicMuted(muted: boolean): void {
    this.update({ musicMuted: muted }, STORAGE_KEYS.backgroundMusicMuted, String(muted));
  }
  /** The pack comes from the server (the player's choice follows them), so it is not stored here. */
  setPack(pack: string | null): void {
    if (pack === this.settings.pack) return;
    this.settings = { ...this.settings, pack };
    this.emit();
  }

  private read(): AudioSettings {
    const get = (key: string) => {
      try {
        return this.deps.storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    };
    const volume = (key: string, fallback: number) => {
      const text = get(key);
      const value = text === null ? NaN : Number(text);
      return Number.isFinite(value) && value >= 0 && value <= 1 ? value : fallback;
    };
    const flag = (key: string, fallback: boolean) => {
      const text = get(key);
      return text === 'true' ? true : text === 'false' ? false : fallback;
    };
    return {
      masterVolume: volume(STORAGE_KEYS.gameVolume, DEFAULT_MASTER_VOLUME),
      masterMuted: flag(STORAGE_KEYS.gameMuted, false),
      effectsVolume: volume(STORAGE_KEYS.soundEffectsVolume, DEFAULT_EFFECTS_VOLUME),
      effectsMuted: flag(STORAGE_KEYS.soundEffectsMuted, false),
      musicVolume: volume(STORAGE_KEYS.backgroundMusicVolume, DEFAULT_MUSIC_VOLUME),
      // Native apps start with the music muted until the player turns it on.
      musicMuted: flag(STORAGE_KEYS.backgroundMusicMuted, this.deps.isNative),
      pack: null,
    };
  }

  private update(patch: Partial<AudioSettings>, key: string, value: string): void {
    this.settings = { ...this.settings, ...patch };
    try {
      this.deps.storage?.setItem(key, value);
    } catch {
      // Storage unavailable: the setting lasts for this page.
    }
    this.syncMusic();
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  // ── Loading ───────────────────────────────────────────────────────────────────────────────

  private entry(src: string, loop: boolean): Entry {
    const known = this.entries.get(src);
    if (known) return known;
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const entry = { state: 'loading', settled } as Entry;
    try {
      entry.handle = this.deps.loader.load(src, {
        loop,
        volume: 0,
        onLoad: () => {
          entry.state = 'loaded';
          settle();
        },
        onError: () => {
          entry.state = 'failed';
          settle();
        },
      });
    } catch {
      entry.state = 'failed';
      entry.handle = { play() {}, pause() {}, stop() {}, volume() {}, playing: () => false };
      settle();
    }
    this.entries.set(src, entry);
    return entry;
  }

  /**
   * Loads the given sounds (with the active pack's variants) and resolves when all have loaded or
   * failed, or after 3 s at most: a slow or missing file never holds anything up.
   */
  preload(keys: readonly SoundKey[]): Promise<void> {
    const all = Promise.all(keys.map((key) => this.entry(soundUrl(key, this.settings.pack), false).settled));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, PRELOAD_TIMEOUT_MS)));
    return Promise.race([all.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
  }

  /** Whether a file is known to have failed (for tests and the settings panel). */
  failed(key: SoundKey | MusicKey): boolean {
    return this.entries.get(soundUrl(key, this.settings.pack))?.state === 'failed';
  }

  // ── Effects ───────────────────────────────────────────────────────────────────────────────

  private effectsLevel(): number {
    const s = this.settings;
    return s.masterMuted || s.effectsMuted ? 0 : s.masterVolume * s.effectsVolume;
  }

  /** Plays a sound effect at the current volume; nothing when muted or when its file failed. */
  play(key: SoundKey): void {
    const level = this.effectsLevel();
    if (level === 0) return;
    const entry = this.entry(soundUrl(key, this.settings.pack), false);
    if (entry.state === 'failed') return;
    try {
      entry.handle.volume(level);
      entry.handle.play();
    } catch {
      // A sound that cannot play is skipped silently.
    }
    if (DUCKING_SOUNDS.has(key)) this.duck();
  }

  // ── Music ─────────────────────────────────────────────────────────────────────────────────

  private musicLevel(): number {
    const s = this.settings;
    if (s.masterMuted || s.musicMuted) return 0;
    return s.masterVolume * s.musicVolume * (this.ducked ? DUCK_LEVEL : 1);
  }

  /**
   * Allows the music to start: call it from a user gesture (browsers refuse sound before one).
   * `key` chooses the loop; calling again with another key switches loops.
   */
  startMusic(key: MusicKey = this.musicKey): void {
    this.started = true;
    if (key !== this.musicKey && this.music) {
      this.music.entry.handle.stop();
      this.music = null;
    }
    this.musicKey = key;
    this.syncMusic();
  }

  /** Chooses the loop without starting it (a page asks for its music before any gesture). */
  chooseMusic(key: MusicKey): void {
    if (this.started) this.startMusic(key);
    else this.musicKey = key;
  }

  get musicPlaying(): boolean {
    return this.music?.entry.handle.playing() ?? false;
  }

  /** Brings the music in line with the settings, the page's visibility and the duck. */
  private syncMusic(): void {
    const level = this.musicLevel();
    const wanted = this.started && !this.hidden && level > 0;
    if (!wanted) {
      if (this.music?.entry.handle.playing()) this.music.entry.handle.pause();
      return;
    }
    if (!this.music) this.music = { key: this.musicKey, entry: this.entry(soundUrl(this.musicKey), true) };
    const { entry } = this.music;
    if (entry.state === 'failed') return;
    try {
      entry.handle.volume(level);
      if (!entry.handle.playing()) entry.handle.play();
    } catch {
      // Tolerated silently, like a failed load.
    }
  }

  /** Lowers the music to 20% for 3 s (again from the start if already lowered). */
  duck(): void {
    this.ducked = true;
    clearTimeout(this.duckTimer);
    this.duckTimer = setTimeout(() => {
      this.ducked = false;
      this.syncMusic();
    }, DUCK_MS);
    this.syncMusic();
  }

  /** The page (or app) went to the background or came back: the music pauses and resumes. */
  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.syncMusic();
  }
}
