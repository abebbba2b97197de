/**
 * The offline audio cache: downloads the audio manifest's files into `<userData>/audio`, three at
 * a time, and marks each `isDownloaded` / `localPath` (a `spar-audio://cache/…` URL the renderer
 * plays). A file lands under its manifest path only once complete (written aside, then renamed),
 * so a failed or interrupted download leaves nothing half-written; the next sync retries exactly
 * the files still missing. The marked manifest is saved beside the files, so status and offline
 * play work after a restart without the network. See docs/desktop.md, "Audio cache".
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { AudioCacheStatus, CachedAudioFile } from '@shared/desktop-bridge';
import { AUDIO_DOWNLOAD_CONCURRENCY, AUDIO_MANIFEST_VERSION } from '@shared/desktop-bridge';
import { AUDIO_HOST, AUDIO_SCHEME } from './config';
import { runLimited } from './queue';

/** A manifest file URL: a plain path of URL-safe segments ending in an audio extension. */
const FILE_URL = /^(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+\.(mp3|ogg|wav|m4a|webm)$/;
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const manifestSchema = z.object({
  version: z.literal(AUDIO_MANIFEST_VERSION),
  lastUpdated: z.string(),
  categories: z
    .array(
      z.object({
        name: z.string().min(1).max(64),
        isDownloaded: z.boolean(),
        files: z
          .array(
            z.object({
              key: z.string().min(1).max(128),
              url: z.string().regex(FILE_URL, 'an audio file path such as /sounds/ui/click.mp3'),
              isDownloaded: z.boolean(),
              localPath: z.string().nullable(),
            }),
          )
          .max(2000),
      }),
    )
    .max(64),
});
export type AudioManifest = z.infer<typeof manifestSchema>;

export interface AudioCacheOptions {
  /** The cache folder, `<userData>/audio`. */
  dir: string;
  /** Origins a manifest may be fetched from (the API host; the dev server in development). */
  allowedOrigins: readonly string[];
  /** The host relative manifest URLs resolve against. */
  apiOrigin: string;
  fetch?: (url: string) => Promise<Response>;
  concurrency?: number;
}

/** The URL the renderer plays a cached file from. */
export function cacheUrl(fileUrl: string): string {
  return `${AUDIO_SCHEME}://${AUDIO_HOST}${fileUrl}`;
}

/**
 * The file on disk behind a `spar-audio://cache/…` request, or null when the request is for
 * another host, is malformed, or would leave the cache folder (`..`, encoded slashes).
 */
export function cachedFilePath(dir: string, requestUrl: string): string | null {
  // Judged on the raw text too, as the URL parser resolves `..` before we would see it.
  if (/\/(\.|%2e){1,2}(\/|\?|#|$)/i.test(requestUrl)) return null;
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${AUDIO_SCHEME}:` || url.host !== AUDIO_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!FILE_URL.test(pathname) || pathname.split('/').includes('..')) return null;
  const root = path.resolve(dir);
  const file = path.resolve(root, `.${pathname}`);
  return file.startsWith(root + path.sep) ? file : null;
}

export class AudioCache {
  private readonly fetch: (url: string) => Promise<Response>;
  private readonly concurrency: number;
  private manifest: AudioManifest | null = null;
  private loaded = false;
  private running: Promise<AudioCacheStatus> | null = null;

  constructor(private readonly options: AudioCacheOptions) {
    this.fetch = options.fetch ?? ((url) => globalThis.fetch(url));
    this.concurrency = options.concurrency ?? AUDIO_DOWNLOAD_CONCURRENCY;
  }

  private get manifestFile(): string {
    return path.join(this.options.dir, 'manifest.json');
  }

  /** The absolute manifest URL, if it is one the cache may fetch; throws a clear error otherwise. */
  resolveManifestUrl(manifestUrl: string): URL {
    let url: URL;
    try {
      url = new URL(manifestUrl, this.options.apiOrigin);
    } catch {
      throw new Error(`Not a manifest URL: "${manifestUrl}"`);
    }
    if (!this.options.allowedOrigins.includes(url.origin))
      throw new Error(`Audio manifests load only from ${this.options.allowedOrigins.join(', ')}`);
    return url;
  }

  private async loadSaved(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    try {
      this.manifest = manifestSchema.parse(JSON.parse(await readFile(this.manifestFile, 'utf8')));
    } catch {
      this.manifest = null; // none yet, or unreadable: the next sync writes a fresh one
    }
  }

  async status(): Promise<AudioCacheStatus> {
    await this.loadSaved();
    return this.snapshot();
  }

  private snapshot(): AudioCacheStatus {
    const files: CachedAudioFile[] = (this.manifest?.categories ?? []).flatMap((category) =>
      category.files.map((f) => ({
        key: f.key,
        url: f.url,
        isDownloaded: f.isDownloaded,
        localPath: f.localPath,
      })),
    );
    return { files, downloading: this.running !== null };
  }

  /** Downloads what is missing; a sync already under way is joined, not doubled. */
  sync(manifestUrl: string): Promise<AudioCacheStatus> {
    let url: URL;
    try {
      url = this.resolveManifestUrl(manifestUrl);
    } catch (error) {
      return Promise.reject(error);
    }
    this.running ??= this.run(url).finally(() => {
      this.running = null;
    });
    return this.running.then(() => this.snapshot());
  }

  private async run(manifestUrl: URL): Promise<AudioCacheStatus> {
    await this.loadSaved();
    await mkdir(this.options.dir, { recursive: true });
    const fresh = await this.fetchManifest(manifestUrl);
    // Offline (or the host is down): keep playing from what the last sync saved.
    if (!fresh) return this.snapshot();
    this.manifest = fresh;
    const files = fresh.categories.flatMap((c) => c.files);
    await runLimited(files, this.concurrency, async (file) => {
      const target = path.join(this.options.dir, `.${file.url}`);
      if (!(await this.isComplete(target))) await this.download(new URL(file.url, manifestUrl), target);
      file.isDownloaded = true;
      file.localPath = cacheUrl(file.url);
    });
    for (const category of fresh.categories)
      category.isDownloaded = category.files.every((f) => f.isDownloaded);
    await writeFile(this.manifestFile, `${JSON.stringify(fresh, null, 2)}\n`);
    return this.snapshot();
  }

  private async fetchManifest(url: URL): Promise<AudioManifest | null> {
    let response: Response;
    try {
      response = await this.fetch(url.href);
    } catch {
      return null;
    }
    if (!response.ok) return null;
    const parsed = manifestSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new Error(
        `The audio manifest at ${url.href} is not a version ${AUDIO_MANIFEST_VERSION} manifest`,
      );
    // What the host says about its own files is not what this machine has: start from scratch.
    for (const category of parsed.data.categories) {
      category.isDownloaded = false;
      for (const file of category.files) {
        file.isDownloaded = false;
        file.localPath = null;
      }
    }
    return parsed.data;
  }

  private async isComplete(file: string): Promise<boolean> {
    try {
      return (await stat(file)).isFile();
    } catch {
      return false;
    }
  }

  private async download(url: URL, target: string): Promise<void> {
    const response = await this.fetch(url.href);
    if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_FILE_BYTES)
      throw new Error(`${url.href}: larger than ${MAX_FILE_BYTES} bytes`);
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_FILE_BYTES) throw new Error(`${url.href}: larger than ${MAX_FILE_BYTES} bytes`);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    try {
      await writeFile(partial, body);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
}
