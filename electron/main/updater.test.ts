import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { UPDATE_CHECK_INTERVAL_MS } from '@shared/desktop-bridge';
import { latestLinuxYml, startFeed, testUpdater, type Feed } from '../testing/update-feed';
import {
  compareVersions,
  parseFeedUrl,
  shortMessage,
  UpdateController,
  updaterDisabledReason,
} from './updater';

let dir = '';
let feed: Feed | null = null;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'spar-updater-'));
});
afterEach(async () => {
  await feed?.close();
  feed = null;
  rmSync(dir, { recursive: true, force: true });
});

/** A controller over a real electron-updater reading `feedUrl`, recording what it publishes. */
function controllerFor(feedUrl: string, currentVersion = '1.4.0') {
  const { updater, installs } = testUpdater(currentVersion, feedUrl, dir);
  const published: DesktopUpdateState[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const controller = new UpdateController({
    updater,
    currentVersion,
    publish: (state) => published.push(state),
    setInterval: (run, ms) => timers.push({ run, ms }),
    clearInterval: () => undefined,
  });
  /** Resolves once the controller has published a state with this status. */
  const reach = (status: DesktopUpdateState['status']) =>
    new Promise<DesktopUpdateState>((resolve) => {
      const found = published.find((s) => s.status === status);
      if (found) return resolve(found);
      updater.on(status === 'downloaded' ? 'update-downloaded' : 'error', () =>
        queueMicrotask(() => resolve(controller.status())),
      );
    });
  return { controller, installs, published, timers, reach };
}

const DEB = Buffer.from('a stand-in .deb of Spar 1.5.0\n'.repeat(200));

describe('the updater against a local feed', () => {
  it('stays idle when the feed has the running version', async () => {
    feed = await startFeed({ 'latest-linux.yml': latestLinuxYml('1.4.0', 'spar_1.4.0_amd64.deb', DEB) });
    const { controller, published } = controllerFor(feed.url);
    const state = await controller.check();
    expect(state).toMatchObject({ status: 'idle', version: null, required: false, message: null });
    expect(published.map((s) => s.status)).toEqual(['checking', 'idle']);
    expect(feed.requests).toEqual(['/desktop/releases/latest-linux.yml']);
    expect(() => controller.install()).toThrow('No update has been downloaded yet.');
  });

  it('downloads a newer version with progress, then "Restart to update" quits and installs it', async () => {
    feed = await startFeed({
      'latest-linux.yml': latestLinuxYml('1.5.0', 'spar_1.5.0_amd64.deb', DEB),
      'spar_1.5.0_amd64.deb': DEB,
    });
    const { controller, installs, published, reach } = controllerFor(feed.url);
    expect(() => controller.install()).toThrow('No update has been downloaded yet.');
    await controller.check();
    const done = await reach('downloaded');
    expect(done).toMatchObject({
      status: 'downloaded',
      version: '1.5.0',
      percent: 100,
      currentVersion: '1.4.0',
    });
    const statuses = published.map((s) => s.status);
    expect(statuses.slice(0, 2)).toEqual(['checking', 'available']);
    expect(statuses).toContain('downloading');
    expect(statuses.at(-1)).toBe('downloaded');
    expect(statuses.indexOf('downloading')).toBeLessThan(statuses.indexOf('downloaded'));
    expect(published.find((s) => s.status === 'downloading')?.percent).toBeGreaterThan(0);
    expect(feed.requests).toContain('/desktop/releases/spar_1.5.0_amd64.deb');

    // Downloaded: checking again asks the feed nothing.
    const asked = feed.requests.length;
    expect((await controller.check()).status).toBe('downloaded');
    expect(feed.requests.length).toBe(asked);

    controller.install();
    expect(installs).toEqual([[false, true]]);
  });

  it('refuses a download whose checksum does not match the feed', async () => {
    feed = await startFeed({
      'latest-linux.yml': latestLinuxYml('1.5.0', 'spar_1.5.0_amd64.deb', DEB),
      'spar_1.5.0_amd64.deb': Buffer.from('something else'),
    });
    const { controller, reach } = controllerFor(feed.url);
    await controller.check();
    const state = await reach('error');
    expect(state.status).toBe('error');
    expect(state.message).toMatch(/sha512|checksum|size/i);
    expect(() => controller.install()).toThrow();
  });

  it('reports an unreachable feed as an error, without throwing, and checks again later', async () => {
    const closed = await startFeed({});
    const url = closed.url;
    await closed.close();
    const { controller, timers } = controllerFor(url);
    controller.start();
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(UPDATE_CHECK_INTERVAL_MS);
    const state = await controller.check();
    expect(state.status).toBe('error');
    expect(state.message).toMatch(/ECONNREFUSED/);
    expect(state.message).not.toContain('\n');

    // The feed is back: the next scheduled check finds the running version.
    feed = await startFeed({ 'latest-linux.yml': latestLinuxYml('1.4.0', 'spar_1.4.0_amd64.deb', DEB) });
    const { controller: again } = controllerFor(feed.url);
    expect((await again.check()).status).toBe('idle');
  });

  it('reports a feed without the platform file, or with a broken one, as an error', async () => {
    feed = await startFeed({ 'latest-linux.yml': 'version: [1.5.0\nfiles: {' });
    const broken = controllerFor(feed.url);
    expect((await broken.controller.check()).status).toBe('error');

    await feed.close();
    feed = await startFeed({ 'latest-linux.yml': 'files: []\n' });
    const noVersion = controllerFor(feed.url);
    expect((await noVersion.controller.check()).status).toBe('error');

    await feed.close();
    feed = await startFeed({ 'latest.yml': latestLinuxYml('1.5.0', 'Spar-Setup-1.5.0.exe', DEB) });
    const missing = controllerFor(feed.url);
    const state = await missing.controller.check();
    expect(state.status).toBe('error');
    expect(state.message).toMatch(/latest-linux\.yml|404/);
  });

  it('makes the update required when the server asks for a newer version, and checks at once', async () => {
    feed = await startFeed({
      'latest-linux.yml': latestLinuxYml('1.5.0', 'spar_1.5.0_amd64.deb', DEB),
      'spar_1.5.0_amd64.deb': DEB,
    });
    const { controller, installs, reach } = controllerFor(feed.url);
    expect((await controller.setMinimumVersion('1.4.0')).required).toBe(false);
    expect(feed.requests).toEqual([]);
    const state = await controller.setMinimumVersion('1.5.0');
    expect(state.required).toBe(true);
    expect(feed.requests[0]).toBe('/desktop/releases/latest-linux.yml');
    expect(await reach('downloaded')).toMatchObject({
      status: 'downloaded',
      required: true,
      version: '1.5.0',
    });
    controller.install();
    expect(installs).toHaveLength(1);
    await expect(controller.setMinimumVersion('1.5')).rejects.toThrow('is not a version');
  });
});

describe('when the updater runs at all', () => {
  it('never in development, unpackaged or without a feed', () => {
    const feedUrl = 'https://play.spar.game/desktop/releases/';
    expect(updaterDisabledReason({ dev: true, isPackaged: true, feedUrl })).toMatch(/development/);
    expect(updaterDisabledReason({ dev: false, isPackaged: false, feedUrl })).toMatch(/unpackaged/);
    expect(updaterDisabledReason({ dev: false, isPackaged: true, feedUrl: '' })).toMatch(/SPAR_UPDATE_URL/);
    expect(updaterDisabledReason({ dev: false, isPackaged: true, feedUrl })).toBeNull();
  });

  it('a disabled controller never checks nor installs, and says why', async () => {
    const published: DesktopUpdateState[] = [];
    const timers: unknown[] = [];
    const controller = new UpdateController({
      updater: null,
      currentVersion: '1.4.0',
      disabledReason: 'Updates are off in development.',
      publish: (state) => published.push(state),
      setInterval: (run) => timers.push(run),
      clearInterval: () => undefined,
    });
    controller.start();
    expect(timers).toEqual([]);
    expect(await controller.check()).toMatchObject({
      status: 'disabled',
      message: 'Updates are off in development.',
    });
    // Required or not, there is nothing it could download.
    expect((await controller.setMinimumVersion('2.0.0')).required).toBe(true);
    expect(() => controller.install()).toThrow();
  });

  it('reads the feed URL baked into the build', () => {
    expect(parseFeedUrl(undefined)).toBe('');
    expect(parseFeedUrl('  ')).toBe('');
    expect(parseFeedUrl('https://play.spar.game/desktop/releases')).toBe(
      'https://play.spar.game/desktop/releases/',
    );
    expect(() => parseFeedUrl('file:///etc/')).toThrow('SPAR_UPDATE_URL must be an http(s) URL');
    expect(() => parseFeedUrl('not a url')).toThrow('SPAR_UPDATE_URL');
  });
});

describe('versions and messages', () => {
  it('orders versions as semver does for x.y.z and pre-releases', () => {
    expect(compareVersions('1.5.0', '1.4.0')).toBeGreaterThan(0);
    expect(compareVersions('1.4.0', '1.10.0')).toBeLessThan(0);
    expect(compareVersions('1.4.0', '1.4.0')).toBe(0);
    expect(compareVersions('1.5.0-beta.1', '1.5.0')).toBeLessThan(0);
    expect(compareVersions('1.5.0', '1.5.0-beta.1')).toBeGreaterThan(0);
    expect(compareVersions('1.5.0-alpha', '1.5.0-beta')).toBeLessThan(0);
  });

  it('keeps one short line of an error', () => {
    expect(shortMessage(new Error('first\n    at stack'))).toBe('first');
    expect(shortMessage('x'.repeat(500))).toHaveLength(200);
    expect(shortMessage(new Error(''))).toBe('The update failed.');
  });
});
