import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';
import { cacheControlFor } from '../../static';
import { CATALOGUE } from './catalogue';

/** The generator writes into a web root of its own, as the build writes into the renderer's. */
const root = mkdtempSync(path.join(tmpdir(), 'spar-shop-'));
execFileSync(process.execPath, ['build/shop/generate.mjs', '--out', path.join(root, 'assets', 'shop')]);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const fileOf = (url: string) => path.join(root, ...url.split('/').filter(Boolean));
const urls = CATALOGUE.flatMap((item) => [item.imageUrl, ...(item.assetUrl ? [item.assetUrl] : [])]);

describe('build/shop/generate.mjs and the seeded catalogue', () => {
  it('has a generated file behind every image and asset URL of the catalogue', () => {
    expect(urls.length).toBeGreaterThan(CATALOGUE.length);
    for (const url of urls) {
      expect(url, url).toMatch(/^\/assets\/shop\//);
      expect(existsSync(fileOf(url)), url).toBe(true);
    }
  });

  it('draws every image as a complete SVG', () => {
    for (const url of urls.filter((u) => u.endsWith('.svg'))) {
      const text = readFileSync(fileOf(url), 'utf8');
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), url).toBe(true);
      expect(text.trimEnd().endsWith('</svg>'), url).toBe(true);
      expect(text, url).not.toMatch(/NaN|undefined/);
    }
  });

  it('synthesises every sound-pack preview as a valid PCM WAV of a sane length', () => {
    const sounds = CATALOGUE.filter((item) => item.kind === 'sound_pack');
    expect(sounds.length).toBeGreaterThanOrEqual(2);
    for (const item of sounds) {
      expect(item.assetUrl, item.sku).toMatch(/\.wav$/);
      const wav = readFileSync(fileOf(item.assetUrl!));
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
      expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
      expect(wav.readUInt16LE(20)).toBe(1); // PCM
      const channels = wav.readUInt16LE(22);
      const rate = wav.readUInt32LE(24);
      const bits = wav.readUInt16LE(34);
      expect(wav.readUInt32LE(28)).toBe((rate * channels * bits) / 8);
      expect(wav.toString('ascii', 36, 40)).toBe('data');
      const dataBytes = wav.readUInt32LE(40);
      expect(dataBytes).toBe(wav.length - 44);
      const seconds = dataBytes / ((rate * channels * bits) / 8);
      expect(seconds, item.sku).toBeGreaterThan(0.5);
      expect(seconds, item.sku).toBeLessThan(5);
      // Audible, yet never at full scale (no clipping).
      let peak = 0;
      for (let offset = 44; offset < wav.length; offset += 2)
        peak = Math.max(peak, Math.abs(wav.readInt16LE(offset)));
      expect(peak, item.sku).toBeGreaterThan(8000);
      expect(peak, item.sku).toBeLessThan(32767);
    }
  });

  it('seeds coin and gem packs priced in kobo, and avatars and sound packs priced in coins or gems', () => {
    const of = (kind: string) => CATALOGUE.filter((item) => item.kind === kind);
    for (const kind of ['coin_pack', 'gem_pack']) {
      expect(of(kind).length).toBeGreaterThanOrEqual(3);
      for (const item of of(kind)) {
        expect(Number.isInteger(item.moneyPrice) && item.moneyPrice! > 0, item.sku).toBe(true);
        expect(item.price, item.sku).toBeNull();
        expect(item.grantCurrencyType).toBe(kind === 'coin_pack' ? 'regular' : 'premium');
      }
    }
    expect(of('avatar').length).toBeGreaterThanOrEqual(4);
    expect(of('avatar').some((item) => item.currencyType === 'premium')).toBe(true);
    expect(of('sound_pack').length).toBeGreaterThanOrEqual(2);
    for (const item of [...of('avatar'), ...of('sound_pack')]) {
      expect(Number.isInteger(item.price) && item.price! > 0, item.sku).toBe(true);
      expect(item.moneyPrice, item.sku).toBeNull();
    }
    expect(new Set(CATALOGUE.map((item) => item.sku)).size).toBe(CATALOGUE.length);
  });

  it('serves the generated files under /assets/shop from the web root, cached for a day', async () => {
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = await createTestApp('sqlite', { STATIC_DIR: root });
    try {
      for (const url of [
        CATALOGUE[0]!.imageUrl,
        CATALOGUE.find((item) => item.kind === 'sound_pack')!.assetUrl!,
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('public, max-age=86400');
      }
      expect(cacheControlFor(path.join('assets', 'shop', 'avatars', 'lion.svg'))).toBe(
        'public, max-age=86400',
      );
    } finally {
      await t.close();
    }
  });
});
