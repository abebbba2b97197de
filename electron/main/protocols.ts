/**
 * The two custom schemes. `app://spar/` serves the packaged renderer (a real origin, unlike
 * file://, so the CSP, fetch and storage behave as on the web), falling back to index.html for the
 * SPA's routes. `spar-audio://cache/` serves the offline audio cache, streamable for <audio>.
 * Both refuse anything outside their folder. See docs/desktop.md, "Origins".
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CustomScheme, Net, Protocol } from 'electron';
import { cachedFilePath } from './audio-cache';
import { APP_HOST, APP_SCHEME, AUDIO_SCHEME } from './config';

/** Registered before the app is ready: standard + secure give them a real origin and fetch. */
export const PRIVILEGED_SCHEMES: CustomScheme[] = [
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
  { scheme: AUDIO_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
];

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

/**
 * The renderer file for an `app://spar/…` request: the file itself when it exists, index.html for
 * extension-less paths (client routes such as /game/12), null otherwise (a 404).
 */
export function resolveAppFile(
  rendererDir: string,
  requestUrl: string,
  fileExists: (file: string) => boolean = isFile,
): string | null {
  let url: URL;
  let pathname: string;
  try {
    url = new URL(requestUrl);
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${pathname}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  if (file !== root && fileExists(file)) return file;
  if (path.extname(pathname) === '') return path.join(root, 'index.html');
  return null;
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

export function registerAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  net: Pick<Net, 'fetch'>,
  rendererDir: string,
  csp: string,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (!file) return notFound();
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp);
    return new Response(response.body, { status: response.status, headers });
  });
}

export function registerAudioProtocol(
  protocol: Pick<Protocol, 'handle'>,
  net: Pick<Net, 'fetch'>,
  audioDir: string,
): void {
  protocol.handle(AUDIO_SCHEME, (request) => {
    const file = cachedFilePath(audioDir, request.url);
    if (!file || !isFile(file)) return notFound();
    // The request's headers go along (a Range header, when <audio> seeks) to Chromium's file loader.
    return net.fetch(pathToFileURL(file).toString(), { headers: request.headers });
  });
}
