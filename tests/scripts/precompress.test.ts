import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';

const SCRIPT = Array.from(
  { length: 300 },
  (_, i) => `export const card${i} = '${i % 13}_${['h', 'd', 'c', 's'][i % 4]}';`,
).join('\n');

function build(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-precompress-'));
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

describe('precompress', () => {
  it('writes brotli and gzip copies that decompress to the original, brotli the smaller', async () => {
    const dir = build({ 'assets/app-AbCdEfGh.js': SCRIPT });
    const result = await precompress(dir);
    const file = path.join(dir, 'assets/app-AbCdEfGh.js');
    expect(result.files).toEqual([`${file}.br`, `${file}.gz`]);
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(SCRIPT);
    expect(gunzipSync(gz).toString()).toBe(SCRIPT);
    expect(br.length).toBeLessThan(gz.length);
    expect(result).toMatchObject({ before: SCRIPT.length, brotli: br.length, gzip: gz.length });
  });

  it('leaves out what is compressed already, maps, dot folders, and files that would not shrink', async () => {
    const dir = build({
      'assets/font-AbCdEfGh.woff2': SCRIPT,
      'sounds/ui/click.mp3': SCRIPT,
      'assets/app-AbCdEfGh.js.map': SCRIPT,
      '.vite/manifest.json': SCRIPT,
      'one.txt': '1',
    });
    expect((await precompress(dir)).files).toEqual([]);
  });

  it('a second run removes the copies of a file that no longer shrinks', async () => {
    const dir = build({ 'robots.txt': SCRIPT });
    await precompress(dir);
    expect(existsSync(path.join(dir, 'robots.txt.br'))).toBe(true);
    writeFileSync(path.join(dir, 'robots.txt'), 'x');
    expect((await precompress(dir)).files).toEqual([]);
    expect(existsSync(path.join(dir, 'robots.txt.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'robots.txt.gz'))).toBe(false);
  });
});
