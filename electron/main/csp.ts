/**
 * The renderer's Content-Security-Policy. Scripts come only from the app itself; the page talks
 * to the API host (https and its wss twin) and plays cached sounds from `spar-audio:`. The dev
 * server additionally needs inline scripts (React refresh) and its HMR socket.
 * See docs/desktop.md, "Security model".
 */
import type { DesktopConfig } from './config';
import { AUDIO_SCHEME } from './config';

export function contentSecurityPolicy(config: DesktopConfig): string {
  const api = config.apiOrigin;
  const socket = api.replace(/^http/, 'ws');
  const audio = `${AUDIO_SCHEME}:`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': config.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // Mantine writes style attributes and <style> tags at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', audio, api],
    'connect-src': ["'self'", api, socket, audio],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
  };
  if (config.dev) directives['connect-src']!.push(config.productOrigin.replace(/^http/, 'ws'));
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

type Headers = Record<string, string[] | string>;

/** Response headers with our CSP in place of any the server sent (header names are case-blind). */
export function withCsp(headers: Headers | undefined, csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [csp];
  return out;
}
