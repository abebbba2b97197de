/**
 * A local update feed and a real electron-updater running in plain Node against it, for the
 * updater's tests (electron/main/updater.test.ts). The feed serves files as the Spar server's
 * `/desktop/releases/` does; the updater is electron-updater's own DebUpdater (the generic provider,
 * the yml parsing, the sha512-checked download) with an app adapter and an HTTP executor on Node's
 * `http` in place of Electron's `app` and `net`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DebUpdater, type AppUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';

export interface Feed {
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `files` (path → body) at `/desktop/releases/`; 404 for anything else. */
export async function startFeed(files: Record<string, string | Buffer>): Promise<Feed> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://feed').pathname;
    requests.push(pathname);
    const name = pathname.replace(/^\/desktop\/releases\//, '');
    const body = name !== pathname ? files[name] : undefined;
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/desktop/releases/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A `latest-linux.yml` as electron-builder writes it, for one .deb of `version`. */
export function latestLinuxYml(version: string, file: string, body: Buffer): string {
  const sha512 = createHash('sha512').update(body).digest('base64');
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512}`,
    `    size: ${body.length}`,
    `path: ${file}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-29T12:00:00.000Z'",
    '',
  ].join('\n');
}

/** Electron's net executor with Node's `http` underneath (the feed is plain http on localhost). */
class NodeExecutor extends ElectronHttpExecutor {
  constructor() {
    super(() => undefined);
  }
  override createRequest(
    options: Parameters<ElectronHttpExecutor['createRequest']>[0],
    callback: (response: unknown) => void,
  ) {
    const { redirect: _redirect, ...rest } = options as typeof options & { redirect?: string };
    return request(rest, callback) as unknown as ReturnType<ElectronHttpExecutor['createRequest']>;
  }
}

export interface TestUpdater {
  updater: AppUpdater;
  /** The calls the controller made to quitAndInstall, with their arguments. */
  installs: [boolean | undefined, boolean | undefined][];
}

/**
 * A real DebUpdater for an app of `version`, its cache and `app-update.yml` (as electron-builder
 * writes it beside the app) in `dir`, reading `feedUrl`. quitAndInstall is recorded, not run: it
 * would quit the test and run dpkg.
 */
export function testUpdater(version: string, feedUrl: string, dir: string): TestUpdater {
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'app-update.yml');
  writeFileSync(config, `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: spar-updater\n`);
  const app: AppAdapter = {
    version,
    name: 'Spar',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: path.join(dir, 'user-data'),
    baseCachePath: path.join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const installs: TestUpdater['installs'] = [];
  class RecordingUpdater extends DebUpdater {
    override quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
      installs.push([isSilent, isForceRunAfter]);
    }
  }
  const updater = new RecordingUpdater(null, app);
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeExecutor();
  updater.logger = null;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  return { updater, installs };
}
