// Generates the shop's art and sounds into renderer/public/assets/shop (or the folder after
// --out), served as /assets/shop/...: coin and gem pack icons (packs/), avatars (avatars/), and
// for each sound pack a short WAV preview synthesised here plus a cover drawn from its waveform
// (sounds/). Nothing is downloaded, and the output is the same on every run. The file names
// match the URLs of the seeded catalogue (server/src/modules/currency/catalogue.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chimes, kalimba } from '../sounds/voices.mjs';

const outFlag = process.argv.indexOf('--out');
const OUT = path.resolve(outFlag > 0 ? process.argv[outFlag + 1] : 'renderer/public/assets/shop');

// [kind, amount, how many coins or gems the icon shows]
const PACKS = [
  ['coins', 500, 3],
  ['coins', 1200, 6],
  ['coins', 3000, 10],
  ['gems', 50, 1],
  ['gems', 120, 3],
  ['gems', 300, 6],
];

const S = 256;
const svg = (body, label) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="${label}">\n${body}\n</svg>\n`;
const round = (x) => Math.round(x * 10) / 10;

// ── Packs ──────────────────────────────────────────────────────────────────────────────────────

/** One coin seen at an angle: a rim, a face and an embossed S. */
function coin(x, y) {
  return `<g transform="translate(${x} ${y})">
<ellipse cx="0" cy="9" rx="34" ry="14" fill="#a86f0a"/>
<rect x="-34" y="0" width="68" height="9" fill="#a86f0a"/>
<ellipse cx="0" cy="0" rx="34" ry="14" fill="url(#coin)" stroke="#8a5a06" stroke-width="1.5"/>
<ellipse cx="0" cy="0" rx="24" ry="9" fill="none" stroke="#fff3c4" stroke-opacity="0.7" stroke-width="2"/>
<text x="0" y="5" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="14" fill="#8a5a06">S</text>
</g>`;
}

/** Stacks of coins, left to right, tallest in the middle. */
function coinPile(count) {
  const side = Math.floor((count - 1) / 3);
  const columns = side === 0 ? [count] : [side, count - 2 * side, side];
  const parts = [];
  columns.forEach((height, i) => {
    const x = S / 2 + (i - (columns.length - 1) / 2) * 62;
    for (let level = 0; level < height; level++) parts.push(coin(round(x), 190 - level * 14 - (i % 2) * 6));
  });
  return parts.join('\n');
}

/** A cut gem: crown, girdle and pavilion facets. */
function gem(x, y, scale, hue) {
  const colours = { light: `hsl(${hue} 80% 72%)`, mid: `hsl(${hue} 70% 52%)`, dark: `hsl(${hue} 75% 32%)` };
  return `<g transform="translate(${x} ${y}) scale(${scale})">
<path d="M-30 -12 L-16 -28 L16 -28 L30 -12 L0 30 Z" fill="${colours.mid}" stroke="${colours.dark}" stroke-width="2" stroke-linejoin="round"/>
<path d="M-30 -12 L30 -12 L0 30 Z" fill="${colours.dark}" fill-opacity="0.45"/>
<path d="M-16 -28 L-8 -12 L8 -12 L16 -28 Z" fill="${colours.light}"/>
<path d="M-8 -12 L0 30 L8 -12 Z" fill="${colours.light}" fill-opacity="0.55"/>
<path d="M-22 -20 L-14 -26" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-opacity="0.8"/>
</g>`;
}

function gemPile(count) {
  const spots = [
    [128, 150, 1.6],
    [84, 178, 1.1],
    [172, 178, 1.1],
    [128, 200, 1.0],
    [60, 206, 0.8],
    [196, 206, 0.8],
  ];
  const hues = [200, 280, 330, 160, 45, 230];
  return spots
    .slice(0, count)
    .map(([x, y, scale], i) => gem(x, y, count === 1 ? 2.2 : scale, hues[i]))
    .reverse()
    .join('\n');
}

function packIcon(kind, amount, count) {
  const isCoins = kind === 'coins';
  const [c1, c2] = isCoins ? ['#1f5c45', '#0c2e22'] : ['#2d2660', '#120f2e'];
  const body = `<defs>
<radialGradient id="bg" cx="0.5" cy="0.35" r="0.75"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></radialGradient>
<linearGradient id="coin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe08a"/><stop offset="1" stop-color="#e0a21a"/></linearGradient>
</defs>
<rect width="${S}" height="${S}" rx="32" fill="url(#bg)"/>
<ellipse cx="128" cy="222" rx="100" ry="16" fill="#000" fill-opacity="0.25"/>
${isCoins ? coinPile(count) : gemPile(count)}
<text x="128" y="52" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="34" fill="${isCoins ? '#ffd866' : '#c9b8ff'}">${amount.toLocaleString('en')}</text>`;
  return svg(body, `${amount} ${kind}`);
}

// ── Avatars ────────────────────────────────────────────────────────────────────────────────────

const frame = (
  inner,
  [c1, c2],
) => `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></radialGradient><clipPath id="round"><circle cx="128" cy="128" r="124"/></clipPath></defs>
<circle cx="128" cy="128" r="124" fill="url(#bg)"/>
<g clip-path="url(#round)">
${inner}
</g>
<circle cx="128" cy="128" r="122" fill="none" stroke="#f0c24a" stroke-width="4"/>`;

function rays(count, inner, outer, colours, width) {
  const parts = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const b = a + Math.PI / count;
    const c = a - Math.PI / count;
    const p = (angle, r) => `${round(128 + Math.cos(angle) * r)} ${round(128 + Math.sin(angle) * r)}`;
    parts.push(
      `<path d="M${p(c * width + a * (1 - width), inner)} L${p(a, outer)} L${p(b * width + a * (1 - width), inner)} Z" fill="${colours[i % colours.length]}"/>`,
    );
  }
  return parts.join('\n');
}

const AVATARS = {
  lion: () =>
    frame(
      `${rays(22, 60, 112, ['#c8741a', '#e39a2d', '#a85a12'], 1)}
<circle cx="128" cy="128" r="64" fill="#b8641a"/>
<circle cx="128" cy="134" r="52" fill="#f2c063"/>
<circle cx="104" cy="90" r="12" fill="#f2c063"/><circle cx="152" cy="90" r="12" fill="#f2c063"/>
<circle cx="108" cy="124" r="7" fill="#2b1a0a"/><circle cx="148" cy="124" r="7" fill="#2b1a0a"/>
<circle cx="110" cy="122" r="2" fill="#fff"/><circle cx="150" cy="122" r="2" fill="#fff"/>
<ellipse cx="128" cy="156" rx="22" ry="16" fill="#fbe3ad"/>
<path d="M118 146 L138 146 L128 158 Z" fill="#5a2e12"/>
<path d="M128 158 Q120 170 112 166 M128 158 Q136 170 144 166" stroke="#5a2e12" stroke-width="3" fill="none" stroke-linecap="round"/>`,
      ['#ffe6a8', '#d98c2b'],
    ),
  owl: () =>
    frame(
      `<circle cx="196" cy="60" r="22" fill="#fdf3c4"/><circle cx="186" cy="54" r="20" fill="#1c2450"/>
<circle cx="52" cy="70" r="2" fill="#fff"/><circle cx="80" cy="40" r="1.5" fill="#fff"/><circle cx="220" cy="120" r="1.5" fill="#fff"/>
<path d="M80 84 L96 52 L108 84 Z M148 84 L160 52 L176 84 Z" fill="#6b4a2e"/>
<ellipse cx="128" cy="160" rx="64" ry="84" fill="#8a6240"/>
<ellipse cx="128" cy="186" rx="40" ry="52" fill="#d9b98c"/>
<path d="M108 176 q6 6 12 0 M136 176 q6 6 12 0 M120 196 q6 6 12 0 M100 200 q6 6 12 0 M140 200 q6 6 12 0" stroke="#8a6240" stroke-width="2.5" fill="none"/>
<circle cx="100" cy="118" r="28" fill="#f5ead2"/><circle cx="156" cy="118" r="28" fill="#f5ead2"/>
<circle cx="100" cy="118" r="16" fill="#f0a800"/><circle cx="156" cy="118" r="16" fill="#f0a800"/>
<circle cx="100" cy="118" r="9" fill="#1b1206"/><circle cx="156" cy="118" r="9" fill="#1b1206"/>
<circle cx="104" cy="114" r="3" fill="#fff"/><circle cx="160" cy="114" r="3" fill="#fff"/>
<path d="M120 136 L136 136 L128 154 Z" fill="#f0a800"/>
<path d="M90 244 L98 226 M106 244 L110 226 M150 226 L154 244 M160 226 L168 244" stroke="#f0a800" stroke-width="5" stroke-linecap="round"/>`,
      ['#3a4a8c', '#101536'],
    ),
  baobab: () =>
    frame(
      `<circle cx="128" cy="168" r="46" fill="#ffcf5a" fill-opacity="0.9"/>
<rect x="0" y="200" width="256" height="60" fill="#5a2a12"/>
<path d="M0 204 Q64 190 128 200 T256 198 V256 H0 Z" fill="#3d1c0c"/>
<path d="M108 204 C112 170 104 140 98 112 L158 112 C152 140 144 170 148 204 Z" fill="#4a2a18"/>
<path d="M100 116 C80 96 70 84 56 80 M116 112 C110 90 108 74 100 60 M140 112 C146 90 150 74 160 58 M156 116 C176 98 186 86 204 82" stroke="#4a2a18" stroke-width="9" fill="none" stroke-linecap="round"/>
<g fill="#2f5a2a"><ellipse cx="54" cy="74" rx="30" ry="14"/><ellipse cx="98" cy="54" rx="28" ry="13"/><ellipse cx="162" cy="52" rx="30" ry="13"/><ellipse cx="206" cy="76" rx="30" ry="14"/><ellipse cx="128" cy="44" rx="22" ry="10"/></g>
<path d="M118 150 q10 4 20 0 M114 176 q12 5 26 0" stroke="#2e180c" stroke-width="2" fill="none"/>`,
      ['#ff9a52', '#a1304a'],
    ),
  sun: () =>
    frame(
      `${rays(16, 58, 118, ['#f0a800', '#c0262d', '#1f7a3a', '#1b1f1d'], 0.55)}
<circle cx="128" cy="128" r="56" fill="#f0a800" stroke="#1b1f1d" stroke-width="4"/>
<circle cx="128" cy="128" r="40" fill="none" stroke="#1b1f1d" stroke-width="4"/>
<path d="M128 96 C150 96 160 118 146 130 C134 140 120 130 126 120 C130 114 138 118 136 124" stroke="#1b1f1d" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="M128 160 V176 M112 168 H144" stroke="#1b1f1d" stroke-width="5" stroke-linecap="round"/>`,
      ['#ffe9a8', '#e07a1a'],
    ),
  mask: () =>
    frame(
      `<g fill="#f0c24a" fill-opacity="0.18">${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 34 - 4}" y="0" width="14" height="256"/>`).join('')}</g>
<path d="M128 30 C176 30 190 80 186 130 C182 182 158 226 128 232 C98 226 74 182 70 130 C66 80 80 30 128 30 Z" fill="url(#gold)" stroke="#7a5208" stroke-width="3"/>
<defs><linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe48a"/><stop offset="0.6" stop-color="#e0a21a"/><stop offset="1" stop-color="#9a6508"/></linearGradient></defs>
<path d="M92 110 Q106 98 120 110 Q106 118 92 110 Z M136 110 Q150 98 164 110 Q150 118 136 110 Z" fill="#2a0f3a"/>
<path d="M86 96 Q104 84 122 96 M134 96 Q152 84 170 96" stroke="#7a5208" stroke-width="3" fill="none"/>
<path d="M128 116 L120 160 L136 160 Z" fill="#c88a12" stroke="#7a5208" stroke-width="2"/>
<path d="M108 186 Q128 198 148 186 Q128 178 108 186 Z" fill="#2a0f3a"/>
<path d="M128 40 V76 M100 60 L110 80 M156 60 L146 80" stroke="#7a5208" stroke-width="3" stroke-linecap="round"/>
<circle cx="96" cy="150" r="5" fill="#c0262d"/><circle cx="160" cy="150" r="5" fill="#c0262d"/>`,
      ['#6b3a9c', '#1c0a2e'],
    ),
};

// ── Sound packs ────────────────────────────────────────────────────────────────────────────────

const RATE = 22050;

/** Pentatonic notes (Hz) by name, so the melodies below read as music. */
const NOTE = {
  C4: 261.63,
  D4: 293.66,
  E4: 329.63,
  G4: 392.0,
  A4: 440.0,
  C5: 523.25,
  D5: 587.33,
  E5: 659.25,
  G5: 783.99,
  G3: 196.0,
  A3: 220.0,
  C3: 130.81,
  E3: 164.81,
};

/**
 * A voice turns (frequency, seconds since the note began) into a sample, each with a soft attack
 * and an exponential decay, and only gentle partials, so nothing clicks or grates.
 */
const VOICES = {
  kalimba,
  chimes,
  // Drum: the pitch falls from half again above the note to it, as a struck skin does.
  drums(f, t) {
    const attack = Math.min(1, t / 0.003);
    const glide = 0.5 * f * 0.04 * (1 - Math.exp(-t / 0.04)); // ∫ 0.5·f·e^(−t/0.04)
    const phase = 2 * Math.PI * (f * t + glide);
    return (
      attack * Math.sin(phase) * Math.exp(-t / 0.18) * (1 + 0.3 * Math.sin(phase * 2) * Math.exp(-t / 0.05))
    );
  },
};

// [slug, voice, [start s, note, length s]…, cover colours]
const SOUND_PACKS = [
  [
    'kalimba',
    [
      [0, 'C5', 0.9],
      [0.2, 'E5', 0.9],
      [0.4, 'G5', 0.9],
      [0.6, 'E5', 0.9],
      [0.8, 'D5', 0.9],
      [1.05, 'C5', 1.0],
    ],
    ['#1f7a5a', '#0a2e22', '#9ff0c8'],
  ],
  [
    'chimes',
    [
      [0, 'G4', 1.6],
      [0.3, 'C5', 1.6],
      [0.6, 'E5', 1.6],
      [0.9, 'D5', 1.4],
    ],
    ['#3a3a8c', '#111133', '#d8d0ff'],
  ],
  [
    'drums',
    [
      [0, 'C3', 0.6],
      [0.22, 'C3', 0.6],
      [0.44, 'G3', 0.6],
      [0.77, 'E3', 0.6],
      [0.99, 'A3', 0.6],
      [1.21, 'C3', 0.7],
    ],
    ['#8c3a1a', '#2e1006', '#ffd0a0'],
  ],
];

function synthesise(voice, notes) {
  const seconds = Math.max(...notes.map(([start, , length]) => start + length));
  const samples = new Float64Array(Math.ceil(seconds * RATE));
  for (const [start, note, length] of notes) {
    const f = NOTE[note];
    const from = Math.round(start * RATE);
    const count = Math.round(length * RATE);
    for (let i = 0; i < count && from + i < samples.length; i++)
      samples[from + i] += VOICES[voice](f, i / RATE);
  }
  // Comfortable level (peak at half of full scale) and a short fade so the end never clicks.
  const peak = samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0) || 1;
  const fade = Math.round(0.03 * RATE);
  for (let i = 0; i < samples.length; i++) {
    const tail = Math.min(1, (samples.length - 1 - i) / fade);
    samples[i] = (samples[i] / peak) * 0.5 * tail;
  }
  return samples;
}

/** 16-bit PCM mono WAV. */
function wav(samples) {
  const data = samples.length * 2;
  const buffer = Buffer.alloc(44 + data);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + data, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(RATE, 24);
  buffer.writeUInt32LE(RATE * 2, 28); // bytes per second
  buffer.writeUInt16LE(2, 32); // bytes per frame
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(data, 40);
  samples.forEach((x, i) =>
    buffer.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x)) * 32767), 44 + i * 2),
  );
  return buffer;
}

/** A cover: the preview's own loudness envelope as bars, under a note. */
function soundCover(samples, [c1, c2, accent], slug) {
  const BARS = 36;
  const per = Math.floor(samples.length / BARS);
  const bars = [];
  for (let b = 0; b < BARS; b++) {
    let peak = 0;
    for (let i = b * per; i < (b + 1) * per; i++) peak = Math.max(peak, Math.abs(samples[i]));
    const h = round(8 + peak * 2 * 110);
    bars.push(
      `<rect x="${round(22 + b * 5.9)}" y="${round(190 - h / 2)}" width="3.6" height="${h}" rx="1.8"/>`,
    );
  }
  const body = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="${S}" height="${S}" rx="32" fill="url(#bg)"/>
<circle cx="200" cy="52" r="72" fill="${accent}" fill-opacity="0.08"/>
<g fill="${accent}">
<ellipse cx="104" cy="98" rx="16" ry="11" transform="rotate(-20 104 98)"/>
<ellipse cx="160" cy="88" rx="16" ry="11" transform="rotate(-20 160 88)"/>
<rect x="115" y="34" width="5" height="62"/><rect x="171" y="24" width="5" height="62"/>
<path d="M115 34 L176 24 L176 38 L115 48 Z"/>
</g>
<g fill="${accent}" fill-opacity="0.85">${bars.join('')}</g>`;
  return svg(body, `${slug} sound pack`);
}

rmSync(OUT, { recursive: true, force: true });
for (const dir of ['packs', 'avatars', 'sounds']) mkdirSync(path.join(OUT, dir), { recursive: true });
let files = 0;
for (const [kind, amount, count] of PACKS) {
  writeFileSync(path.join(OUT, 'packs', `${kind}-${amount}.svg`), packIcon(kind, amount, count));
  files++;
}
for (const [slug, draw] of Object.entries(AVATARS)) {
  writeFileSync(path.join(OUT, 'avatars', `${slug}.svg`), svg(draw(), `${slug} avatar`));
  files++;
}
for (const [slug, notes, colours] of SOUND_PACKS) {
  const samples = synthesise(slug, notes);
  writeFileSync(path.join(OUT, 'sounds', `${slug}.wav`), wav(samples));
  writeFileSync(path.join(OUT, 'sounds', `${slug}.svg`), soundCover(samples, colours, slug));
  files += 2;
}
console.log(`generated ${files} shop images and sounds in ${path.relative(process.cwd(), OUT) || OUT}`);
