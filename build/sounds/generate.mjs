// Generates the game's sounds into renderer/public/sounds (or the folder after --out), served as
// /sounds/{category}/{key}.mp3, plus the audio manifest /sounds/manifest.json. Everything is
// synthesised here from sine oscillators, envelopes and a little noise, then encoded to MP3 with
// lamejs (a pure-JS encoder): nothing is downloaded, and the output is the same on every run.
// See docs/design.md, "Sound".
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import {
  LAST_UPDATED,
  MANIFEST_VERSION,
  PACK_CATEGORIES,
  SOUND_CATEGORIES,
  SOUND_PACKS,
} from './catalogue.mjs';
import { chimes, kalimba } from './voices.mjs';

const outFlag = process.argv.indexOf('--out');
const OUT = path.resolve(outFlag > 0 ? process.argv[outFlag + 1] : 'renderer/public/sounds');

// lamejs ships only a browser bundle that declares a global; run it in its own context.
const require = createRequire(import.meta.url);
const lame = vm.runInNewContext(`${readFileSync(require.resolve('@breezystack/lamejs'), 'utf8')};lamejs`, {});

const FX_RATE = 22050;
const MUSIC_RATE = 16000;

/** Equal-tempered frequency of a note name such as C5 or F#3. */
function hz(name) {
  const [, letter, sharp, octave] = /^([A-G])(#?)(\d)$/.exec(name);
  const semis = { C: -9, D: -7, E: -5, F: -4, G: -2, A: 0, B: 2 }[letter] + (sharp ? 1 : 0);
  return 440 * 2 ** (Number(octave) - 4 + semis / 12);
}

// Deterministic noise, so every build makes the same bytes.
let seed = 12345;
function noise() {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x3fffffff - 1;
}

/**
 * Voices turn (frequency, seconds since the note began) into a sample: a soft attack, an
 * exponential decay and only gentle partials, so nothing clicks or grates.
 */
const VOICES = {
  // The default: a soft marimba, a fundamental and a quickly fading fourth partial.
  marimba(f, t) {
    const attack = Math.min(1, t / 0.003);
    return (
      attack *
      (Math.sin(2 * Math.PI * f * t) * Math.exp(-t / 0.35) +
        0.3 * Math.sin(2 * Math.PI * f * 4 * t) * Math.exp(-t / 0.04))
    );
  },
  kalimba,
  chimes,
  drums(f, t) {
    const attack = Math.min(1, t / 0.003);
    const glide = 0.5 * f * 0.04 * (1 - Math.exp(-t / 0.04));
    const phase = 2 * Math.PI * ((f / 2) * t + glide);
    return (
      attack * Math.sin(phase) * Math.exp(-t / 0.18) * (1 + 0.3 * Math.sin(phase * 2) * Math.exp(-t / 0.05))
    );
  },
  // Background pad: slow swell and release, two slightly detuned sines for warmth.
  pad(f, t, length) {
    const env = Math.min(1, t / 0.8) * Math.min(1, Math.max(0, (length - t) / 1.2));
    return env * 0.5 * (Math.sin(2 * Math.PI * f * t) + Math.sin(2 * Math.PI * f * 1.003 * t + 1));
  },
  // A plain beep with a touch of third harmonic, for the timer warning and clicks.
  beep(f, t, length) {
    const env = Math.min(1, t / 0.004) * Math.min(1, Math.max(0, (length - t) / 0.02));
    return (
      env * (Math.sin(2 * Math.PI * f * t) + 0.15 * Math.sin(2 * Math.PI * f * 3 * t)) * Math.exp(-t / 0.12)
    );
  },
};

function buffer(seconds, rate) {
  return { rate, samples: new Float64Array(Math.ceil(seconds * rate)) };
}

/** Adds a note; with `wrap` a note running past the end continues at the start (seamless loops). */
function note(buf, voice, name, start, length, gain = 1, wrap = false) {
  const f = typeof name === 'number' ? name : hz(name);
  const from = Math.round(start * buf.rate);
  const count = Math.round(length * buf.rate);
  const n = buf.samples.length;
  for (let i = 0; i < count; i++) {
    let at = from + i;
    if (at >= n) {
      if (!wrap) break;
      at %= n;
    }
    buf.samples[at] += gain * VOICES[voice](f, i / buf.rate, length);
  }
}

/** Band-limited noise (one-pole low-pass) shaped by an envelope: swishes and card snaps. */
function swish(buf, start, length, { gain = 1, cutoff = 0.2, decay = 0.05, rise = 0.01 } = {}) {
  const from = Math.round(start * buf.rate);
  let low = 0;
  for (let i = 0; i < Math.round(length * buf.rate) && from + i < buf.samples.length; i++) {
    const t = i / buf.rate;
    low += cutoff * (noise() - low);
    buf.samples[from + i] += gain * low * Math.min(1, t / rise) * Math.exp(-t / decay);
  }
}

/** Scales to a comfortable peak and fades the last few milliseconds so the end never clicks. */
function finish(buf, peakLevel = 0.6, fadeSeconds = 0.02) {
  const { samples } = buf;
  const peak = samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0) || 1;
  const fade = Math.max(1, Math.round(fadeSeconds * buf.rate));
  for (let i = 0; i < samples.length; i++) {
    const tail = fadeSeconds > 0 ? Math.min(1, (samples.length - 1 - i) / fade) : 1;
    samples[i] = (samples[i] / peak) * peakLevel * tail;
  }
  return buf;
}

/** The sound effects; `voice` is the tone of the notes (the default or a sound pack's). */
const EFFECTS = {
  navigation() {
    const b = buffer(0.09, FX_RATE);
    note(b, 'beep', 1320, 0, 0.08, 1);
    swish(b, 0, 0.03, { gain: 0.3, cutoff: 0.5, decay: 0.008 });
    return finish(b, 0.35);
  },
  click() {
    const b = buffer(0.06, FX_RATE);
    note(b, 'beep', 1760, 0, 0.05, 1);
    return finish(b, 0.3);
  },
  notification(voice = 'marimba') {
    const b = buffer(0.7, FX_RATE);
    note(b, voice, 'E5', 0, 0.5);
    note(b, voice, 'A5', 0.12, 0.58);
    return finish(b, 0.5);
  },
  'card-deal'(voice) {
    const b = buffer(0.22, FX_RATE);
    swish(b, 0, 0.2, { gain: 1, cutoff: 0.35, decay: 0.05, rise: 0.02 });
    swish(b, 0.07, 0.15, { gain: 0.6, cutoff: 0.25, decay: 0.04, rise: 0.02 });
    if (voice) note(b, voice, 'C6', 0.02, 0.2, 0.15);
    return finish(b, 0.45);
  },
  'card-play'(voice) {
    const b = buffer(0.3, FX_RATE);
    swish(b, 0, 0.08, { gain: 1, cutoff: 0.6, decay: 0.012, rise: 0.001 });
    note(b, 'beep', 150, 0, 0.12, 0.5);
    if (voice) note(b, voice, 'G4', 0.005, 0.29, 0.35);
    return finish(b, 0.5);
  },
  'trick-won'(voice = 'marimba') {
    const b = buffer(0.7, FX_RATE);
    ['C5', 'E5', 'G5'].forEach((n, i) => note(b, voice, n, i * 0.08, 0.7 - i * 0.08));
    return finish(b, 0.5);
  },
  'your-turn'(voice = 'marimba') {
    const b = buffer(0.8, FX_RATE);
    note(b, voice, 'G4', 0, 0.8);
    note(b, voice, 'C5', 0.15, 0.65);
    return finish(b, 0.5);
  },
  'timer-warning'(voice) {
    const b = buffer(0.45, FX_RATE);
    for (const start of [0, 0.2]) {
      note(b, 'beep', 'A5', start, 0.12);
      if (voice) note(b, voice, 'A5', start, 0.2, 0.5);
    }
    return finish(b, 0.45);
  },
  'hand-won'() {
    const b = buffer(1.1, FX_RATE);
    ['C5', 'E5', 'G5', 'C6'].forEach((n, i) => note(b, 'marimba', n, i * 0.09, 1.1 - i * 0.09));
    return finish(b, 0.55);
  },
  'hand-lost'() {
    const b = buffer(0.9, FX_RATE);
    note(b, 'marimba', 'E4', 0, 0.6);
    note(b, 'marimba', 'C4', 0.18, 0.72);
    return finish(b, 0.45);
  },
  'game-won'() {
    const b = buffer(2.2, FX_RATE);
    ['C5', 'E5', 'G5'].forEach((n, i) => note(b, 'marimba', n, i * 0.12, 0.5));
    for (const n of ['C5', 'E5', 'G5', 'C6']) note(b, 'chimes', n, 0.4, 1.8, 0.6);
    note(b, 'pad', 'C4', 0.4, 1.8, 0.5);
    return finish(b, 0.6, 0.1);
  },
  'game-lost'() {
    const b = buffer(2.0, FX_RATE);
    ['G4', 'E4', 'C4', 'A3'].forEach((n, i) => note(b, 'marimba', n, i * 0.25, 2 - i * 0.25));
    note(b, 'pad', 'A3', 0.75, 1.25, 0.4);
    return finish(b, 0.5, 0.1);
  },
  'match-found'() {
    const b = buffer(1.2, FX_RATE);
    ['G4', 'C5', 'E5', 'G5'].forEach((n, i) => note(b, 'chimes', n, i * 0.07, 1.2 - i * 0.07));
    return finish(b, 0.55, 0.1);
  },
};

/**
 * A background loop: chords held by a pad and broken into a gentle arpeggio over them, at a
 * slow tempo; notes running past the end wrap to the start so the loop has no seam.
 */
function music({ chords, beat, arpVoice, pattern, bass = true }) {
  const bar = beat * 4;
  const b = buffer(chords.length * bar, MUSIC_RATE);
  chords.forEach((chord, index) => {
    const start = index * bar;
    for (const n of chord) note(b, 'pad', n, start, bar + 0.6, 0.22, true);
    if (bass)
      note(
        b,
        'marimba',
        chord[0].replace(/\d/, (d) => String(Number(d) - 1)),
        start,
        bar,
        0.5,
        true,
      );
    pattern.forEach((step, i) => {
      if (step === null) return;
      note(
        b,
        arpVoice,
        chord[step % chord.length].replace(/\d/, (d) =>
          String(Number(d) + (step >= chord.length ? 1 : 0) + 1),
        ),
        start + (i * beat) / 2,
        beat * 2,
        0.3,
        true,
      );
    });
  });
  return finish(b, 0.5, 0);
}

const MUSIC = {
  // ~32 s: a warm I–vi–IV–V in C at 60 beats a minute.
  'table-theme': () =>
    music({
      chords: [
        ['C3', 'E3', 'G3', 'B3'],
        ['A2', 'C3', 'E3', 'G3'],
        ['F2', 'A2', 'C3', 'E3'],
        ['G2', 'B2', 'D3', 'F3'],
        ['C3', 'E3', 'G3', 'B3'],
        ['A2', 'C3', 'E3', 'G3'],
        ['D3', 'F3', 'A3', 'C4'],
        ['G2', 'B2', 'D3', 'G3'],
      ],
      beat: 1,
      arpVoice: 'kalimba',
      pattern: [0, 2, 1, 3, 2, null, 1, null],
    }),
  // ~38 s: a slower ii–V–I–vi in F with bell tones.
  'evening-theme': () =>
    music({
      chords: [
        ['G2', 'A#2', 'D3', 'F3'],
        ['C3', 'E3', 'G3', 'A#3'],
        ['F2', 'A2', 'C3', 'E3'],
        ['D3', 'F3', 'A3', 'C4'],
        ['G2', 'A#2', 'D3', 'F3'],
        ['C3', 'E3', 'G3', 'A#3'],
        ['F2', 'A2', 'C3', 'E3'],
        ['F2', 'A2', 'C3', 'F3'],
      ],
      beat: 1.2,
      arpVoice: 'chimes',
      pattern: [0, null, 2, 1, null, 3, 2, null],
    }),
};

/** Mono MP3: effects at 22.05 kHz / 48 kbps, music at 16 kHz / 32 kbps to keep the loops small. */
function mp3({ samples, rate }) {
  const encoder = new lame.Mp3Encoder(1, rate, rate === MUSIC_RATE ? 32 : 48);
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++)
    pcm[i] = Math.max(-32767, Math.min(32767, Math.round(samples[i] * 32767)));
  const parts = [];
  for (let i = 0; i < pcm.length; i += 1152) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.length)));
}

rmSync(OUT, { recursive: true, force: true });
const manifest = { version: MANIFEST_VERSION, lastUpdated: LAST_UPDATED, categories: [] };
for (const [category, keys] of Object.entries(SOUND_CATEGORIES)) {
  mkdirSync(path.join(OUT, category), { recursive: true });
  const files = [];
  const write = (key, buf) => {
    writeFileSync(path.join(OUT, category, `${key}.mp3`), mp3(buf));
    files.push({ key, url: `/sounds/${category}/${key}.mp3`, isDownloaded: false, localPath: null });
  };
  for (const key of keys) {
    seed = 12345;
    write(key, category === 'background' ? MUSIC[key]() : EFFECTS[key]());
    if (!PACK_CATEGORIES.includes(category)) continue;
    for (const pack of SOUND_PACKS) {
      seed = 12345;
      write(`${key}.${pack}`, EFFECTS[key](pack));
    }
  }
  manifest.categories.push({ name: category, isDownloaded: false, files });
}
writeFileSync(path.join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const count = manifest.categories.reduce((sum, c) => sum + c.files.length, 0);
console.log(
  `generated ${count} sounds and the audio manifest in ${path.relative(process.cwd(), OUT) || OUT}`,
);
