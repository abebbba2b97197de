import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePng } from '../fixtures/png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let out: string;
beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'spar-icons-'));
  const run = spawnSync('node', ['build/desktop/generate-icons.mjs', '--out', out], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the desktop icon generator', () => {
  it('draws the brand card: transparent outside, the gold frame, the dark spade at the centre', () => {
    const icon = decodePng(readFileSync(path.join(out, 'icon.png')));
    expect([icon.width, icon.height]).toEqual([1024, 1024]);
    expect(icon.pixel(5, 5)[3]).toBe(0);
    expect(icon.pixel(512, 512)).toEqual([0x12, 0x25, 0x1f, 255]); // the spade
    expect(icon.pixel(512, 16 * 10)).toEqual([0xfd, 0xf8, 0xec, 255]); // the card, above the spade
    expect(icon.pixel(160, 512)).toEqual([0xf0, 0xa8, 0x00, 255]); // the frame's left edge (x = 10 of 64)
  });

  it('writes every size each platform asks for', () => {
    expect(readdirSync(path.join(out, 'png')).sort()).toEqual(
      ['128x128', '16x16', '256x256', '32x32', '48x48', '512x512', '64x64'].map((s) => `${s}.png`),
    );
    for (const name of readdirSync(path.join(out, 'png'))) {
      const size = Number(name.split('x')[0]);
      expect(decodePng(readFileSync(path.join(out, 'png', name))).width).toBe(size);
    }
    const ico = readFileSync(path.join(out, 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 7]);
    const icoSizes = Array.from({ length: 7 }, (_, n) => ico[6 + n * 16] || 256);
    expect(icoSizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
    const icns = readFileSync(path.join(out, 'icon.icns'));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      types.push(icns.toString('latin1', at, at + 4));
    expect(types.sort()).toEqual(['ic07', 'ic08', 'ic09', 'ic10', 'ic11', 'ic12', 'ic13', 'ic14']);
  });

  it('is deterministic', () => {
    const again = mkdtempSync(path.join(tmpdir(), 'spar-icons-'));
    spawnSync('node', ['build/desktop/generate-icons.mjs', '--out', again]);
    expect(
      readFileSync(path.join(again, 'icon.icns')).equals(readFileSync(path.join(out, 'icon.icns'))),
    ).toBe(true);
    rmSync(again, { recursive: true, force: true });
  });
});
