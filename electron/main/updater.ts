/**
 * The desktop app's update decisions, around electron-updater's AppUpdater (injected, so the tests
 * run a real one against a local feed without Electron): whether to check at all, when to check,
 * what the page is told, and when "Restart to update" may quit and install. See docs/desktop.md,
 * "Updates".
 */
import type { AppUpdater, ProgressInfo, UpdateInfo } from 'electron-updater';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { APP_VERSION_PATTERN, UPDATE_CHECK_INTERVAL_MS } from '@shared/desktop-bridge';

/** The parts of electron-updater's AppUpdater the controller drives. */
export type Updater = Pick<
  AppUpdater,
  'on' | 'checkForUpdates' | 'quitAndInstall' | 'autoDownload' | 'autoInstallOnAppQuit'
>;

export interface UpdateControllerOptions {
  /** null when the updater must stay off; `disabledReason` then says why. */
  updater: Updater | null;
  currentVersion: string;
  disabledReason?: string;
  /** Called with every new state (main sends it to the window). */
  publish(state: DesktopUpdateState): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  intervalMs?: number;
}

/** Why the updater is off, or null when it may run: never in development, unpackaged or without a feed. */
export function updaterDisabledReason(env: {
  dev: boolean;
  isPackaged: boolean;
  feedUrl: string;
}): string | null {
  if (env.dev) return 'Updates are off in development.';
  if (!env.isPackaged) return 'Updates are off in an unpackaged app.';
  if (!env.feedUrl) return 'This build has no update feed (SPAR_UPDATE_URL).';
  return null;
}

/** The feed URL baked into the build: empty, or an http(s) URL (anything else is a build error). */
export function parseFeedUrl(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`SPAR_UPDATE_URL must be an http(s) URL, got "${trimmed}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`SPAR_UPDATE_URL must be an http(s) URL, got "${trimmed}"`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** Compares two x.y.z[-pre] versions: negative when a is older; a pre-release is older than its release. */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = '', pre] = v.split(/-(.*)/s);
    return { parts: core.split('.').map(Number), pre: pre ?? null };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** One short line of an error for the page: no stack, no multi-line server answers. */
export function shortMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n')[0]!.trim() || 'The update failed.';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export class UpdateController {
  private state: DesktopUpdateState;
  private timer: unknown = null;

  constructor(private readonly options: UpdateControllerOptions) {
    const { updater, currentVersion } = options;
    this.state = {
      status: updater ? 'idle' : 'disabled',
      currentVersion,
      version: null,
      percent: null,
      message: updater ? null : (options.disabledReason ?? 'Updates are off.'),
      required: false,
    };
    if (!updater) return;
    // electron-updater downloads as soon as it finds a newer version, and installs a downloaded one
    // when the app quits if the player never pressed "Restart to update".
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.on('checking-for-update', () => {
      if (this.state.status !== 'downloading' && this.state.status !== 'downloaded')
        this.set({ status: 'checking', message: null });
    });
    updater.on('update-not-available', () => this.set({ status: 'idle', version: null, percent: null }));
    updater.on('update-available', (info: UpdateInfo) =>
      this.set({ status: 'available', version: info.version, percent: null, message: null }),
    );
    updater.on('download-progress', (progress: ProgressInfo) =>
      this.set({
        status: 'downloading',
        percent: Math.max(0, Math.min(100, Math.round(progress.percent))),
        message: null,
      }),
    );
    updater.on('update-downloaded', (info: UpdateInfo) =>
      this.set({ status: 'downloaded', version: info.version, percent: 100, message: null }),
    );
    updater.on('error', (error: Error) => {
      // A download that failed after another one finished still leaves that one installable.
      if (this.state.status === 'downloaded') return;
      this.set({ status: 'error', percent: null, message: shortMessage(error) });
    });
  }

  status(): DesktopUpdateState {
    return { ...this.state };
  }

  /** Checks now and then every few hours, unless the updater is off. */
  start(): void {
    if (!this.options.updater || this.timer !== null) return;
    void this.check();
    this.timer = this.options.setInterval(
      () => void this.check(),
      this.options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS,
    );
  }

  stop(): void {
    if (this.timer !== null) this.options.clearInterval(this.timer);
    this.timer = null;
  }

  /** Asks the feed; failures become the `error` state (the page shows them quietly), never a throw. */
  async check(): Promise<DesktopUpdateState> {
    const { updater } = this.options;
    if (!updater) return this.status();
    // Nothing to ask once a newer version is on its way or waiting for the restart.
    if (this.state.status === 'downloading' || this.state.status === 'downloaded') return this.status();
    try {
      const result = await updater.checkForUpdates();
      // The download runs on; its progress, end or failure arrive as events.
      void result?.downloadPromise?.catch(() => undefined);
    } catch (error) {
      if (this.state.status !== 'error')
        this.set({ status: 'error', percent: null, message: shortMessage(error) });
    }
    return this.status();
  }

  /** The server's MIN_CLIENT_VERSION: above the running version, the update becomes required. */
  async setMinimumVersion(version: string): Promise<DesktopUpdateState> {
    if (!APP_VERSION_PATTERN.test(version)) throw new Error(`"${version}" is not a version such as 1.4.0`);
    const required = compareVersions(version, this.state.currentVersion) > 0;
    if (required !== this.state.required) this.set({ required });
    if (required && (this.state.status === 'idle' || this.state.status === 'error')) return this.check();
    return this.status();
  }

  /** "Restart to update": quits, installs and starts the new version; only once one is downloaded. */
  install(): void {
    const { updater } = this.options;
    if (!updater || this.state.status !== 'downloaded') throw new Error('No update has been downloaded yet.');
    this.stop();
    updater.quitAndInstall(false, true);
  }

  private set(patch: Partial<DesktopUpdateState>): void {
    this.state = { ...this.state, ...patch };
    this.options.publish(this.status());
  }
}
