import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { PRIVILEGED_SCHEMES, registerAppProtocol, resolveAppFile } from './protocols';

const ROOT = path.resolve('/opt/spar/renderer');
const FILES = new Set([path.join(ROOT, 'index.html'), path.join(ROOT, 'assets/index-abc.js')]);
const exists = (file: string) => FILES.has(file);

describe('the app:// scheme', () => {
  it('serves the renderer build, and index.html for the SPA routes', () => {
    expect(resolveAppFile(ROOT, 'app://spar/', exists)).toBe(path.join(ROOT, 'index.html'));
    expect(resolveAppFile(ROOT, 'app://spar/assets/index-abc.js', exists)).toBe(
      path.join(ROOT, 'assets/index-abc.js'),
    );
    expect(resolveAppFile(ROOT, 'app://spar/game/12', exists)).toBe(path.join(ROOT, 'index.html'));
    expect(resolveAppFile(ROOT, 'app://spar/oauth-redirect?code=1', exists)).toBe(
      path.join(ROOT, 'index.html'),
    );
  });

  it('answers 404 for missing files and anything outside the build', () => {
    for (const url of [
      'app://spar/assets/missing.js',
      'app://other/index.html',
      'app://spar/%2e%2e/%2e%2e/etc/passwd.txt',
      'app://spar/..%2f..%2fetc%2fpasswd.txt',
      'https://spar/index.html',
      'app://spar/%E0%A4%A',
    ])
      expect(resolveAppFile(ROOT, url, exists), url).toBeNull();
  });

  it('adds the CSP to what it serves', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'spar-renderer-'));
    await writeFile(path.join(dir, 'index.html'), '<html></html>');
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const net = {
      fetch: vi.fn(async () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } })),
    };
    registerAppProtocol(
      { handle: (_scheme: string, h: never) => (handler = h) } as never,
      net as never,
      dir,
      "default-src 'self'",
    );
    const page = await handler!(new Request('app://spar/game/12'));
    expect(net.fetch).toHaveBeenCalledWith(pathToFileURL(path.join(dir, 'index.html')).toString());
    expect(page.headers.get('Content-Security-Policy')).toBe("default-src 'self'");
    expect(page.headers.get('Content-Type')).toBe('text/html');
    const missing = await handler!(new Request('app://spar/assets/nope.js'));
    expect(missing.status).toBe(404);
    expect(net.fetch).toHaveBeenCalledOnce();
    await rm(dir, { recursive: true, force: true });
  });

  it('are registered standard and secure; the audio scheme also streams', () => {
    expect(PRIVILEGED_SCHEMES).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
      expect.objectContaining({
        scheme: 'spar-audio',
        privileges: expect.objectContaining({
          standard: true,
          secure: true,
          stream: true,
          supportFetchAPI: true,
        }),
      }),
    ]);
  });
});
