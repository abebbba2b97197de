import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePng } from '../fixtures/png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let out: string;
beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'spar-web-icons-'));
  const run = spawnSync('node', ['build/pwa/generate-icons.mjs', '--out', out], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const BACKGROUND = [0x0b, 0x16, 0x13, 255];
const SPADE = [0x12, 0x25, 0x1f, 255];

const read = (file: string) => decodePng(readFileSync(path.join(out, file)));

describe("the web app's icon generator", () => {
  it('writes favicon.ico with the 16, 32 and 48 px art, each a PNG of its size', () => {
    const ico = readFileSync(path.join(out, 'favicon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    for (const [n, size] of [16, 32, 48].entries()) {
      expect([ico[6 + n * 16], ico[7 + n * 16]]).toEqual([size, size]);
      const [length, offset] = [ico.readUInt32LE(14 + n * 16), ico.readUInt32LE(18 + n * 16)];
      const image = decodePng(ico.subarray(offset, offset + length));
      expect([image.width, image.height]).toEqual([size, size]);
    }
  });

  it('draws the 192 and 512 px icons as the favicon: the card on transparency, the spade at the centre', () => {
    for (const size of [192, 512]) {
      const icon = read(`icons/icon-${size}.png`);
      expect([icon.width, icon.height]).toEqual([size, size]);
      expect(icon.pixel(2, 2)[3]).toBe(0);
      expect(icon.pixel(size / 2, size / 2)).toEqual(SPADE);
    }
  });

  it('makes the apple-touch-icon 180 px and opaque, the card on the app background', () => {
    const icon = read('apple-touch-icon.png');
    expect([icon.width, icon.height]).toEqual([180, 180]);
    let clear = 0;
    for (let y = 0; y < 180; y++) for (let x = 0; x < 180; x++) if (icon.pixel(x, y)[3] !== 255) clear++;
    expect(clear).toBe(0);
    expect(icon.pixel(1, 1)).toEqual(BACKGROUND);
    expect(icon.pixel(90, 90)).toEqual(SPADE);
  });

  it('keeps the maskable icon opaque and the art inside the safe zone (40% of the width from the centre)', () => {
    const icon = read('icons/maskable-512.png');
    expect([icon.width, icon.height]).toEqual([512, 512]);
    const background = BACKGROUND.join();
    let [art, clear, outsideArt] = [0, 0, 0];
    for (let y = 0; y < 512; y++)
      for (let x = 0; x < 512; x++) {
        const pixel = icon.pixel(x, y);
        if (pixel[3] !== 255) clear++;
        if (pixel.join() === background) continue;
        art++;
        if (Math.hypot(x + 0.5 - 256, y + 0.5 - 256) > 0.4 * 512) outsideArt++;
      }
    expect({ clear, outsideArt }).toEqual({ clear: 0, outsideArt: 0 });
    expect(icon.pixel(256, 256)).toEqual(SPADE);
    // The card fills a good part of the zone (about 29% of the square), not a speck in the middle.
    expect(art).toBeGreaterThan(0.25 * 512 * 512);
  });
});
