/**
 * The main side of the preload bridge: one handler per channel of electron/ipc-channels.ts. Each
 * handler first checks that the call comes from a top-level frame of the product's own origin
 * (not an iframe, not a page the window was somehow sent to), then parses its arguments with zod,
 * and only then acts. Errors reach the renderer as a rejected promise with a plain message.
 * See docs/desktop.md, "IPC".
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import type { AudioCacheStatus, DesktopNotification, DesktopUpdateState } from '@shared/desktop-bridge';
import { APP_VERSION_PATTERN } from '@shared/desktop-bridge';
import { IPC } from '../ipc-channels';
import { hasOrigin } from './config';
import { isInAppRoute, MAX_ROUTE_LENGTH } from './routes';

const routeSchema = z
  .string()
  .max(MAX_ROUTE_LENGTH)
  .refine(isInAppRoute, 'must be an in-app path such as /game/12');

const httpUrlSchema = z
  .string()
  .max(4096)
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'https:' || protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

export const ARGUMENTS = {
  [IPC.tokenGet]: z.tuple([]),
  [IPC.tokenSet]: z.tuple([z.string().min(1).max(4096)]),
  [IPC.tokenClear]: z.tuple([]),
  [IPC.notify]: z.tuple([
    z.strictObject({
      kind: z.enum(['match-found', 'game-invitation', 'message']),
      title: z.string().min(1).max(200),
      body: z.string().max(1000),
      route: routeSchema,
    }),
  ]),
  [IPC.audioSync]: z.tuple([z.string().min(1).max(2048)]),
  [IPC.audioStatus]: z.tuple([]),
  [IPC.openExternal]: z.tuple([httpUrlSchema]),
  [IPC.updateStatus]: z.tuple([]),
  [IPC.updateCheck]: z.tuple([]),
  [IPC.updateSetMinimum]: z.tuple([
    z.string().max(80).regex(APP_VERSION_PATTERN, 'must be a version such as 1.4.0'),
  ]),
  [IPC.updateInstall]: z.tuple([]),
} as const;

export interface IpcServices {
  token: { get(): string | null; set(token: string): void; clear(): void };
  notify(notification: DesktopNotification): boolean;
  audio: { sync(manifestUrl: string): Promise<AudioCacheStatus>; status(): Promise<AudioCacheStatus> };
  openExternal(url: string): Promise<void>;
  updates: {
    status(): DesktopUpdateState;
    check(): Promise<DesktopUpdateState>;
    setMinimumVersion(version: string): Promise<DesktopUpdateState>;
    install(): void;
  };
}

export class IpcRefusedError extends Error {
  constructor(channel: string, reason: string) {
    super(`${channel} refused: ${reason}`);
    this.name = 'IpcRefusedError';
  }
}

/** Only the window's own top-level page may call in. */
export function checkSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  productOrigin: string,
): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'the calling frame is gone';
  if (frame.parent) return 'calls from frames are not accepted';
  if (!hasOrigin(frame.url, productOrigin)) return 'the caller is not a Spar page';
  return null;
}

type Channel = keyof typeof ARGUMENTS;

export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  productOrigin: string,
  services: IpcServices,
): void {
  function handle<C extends Channel>(
    channel: C,
    run: (args: z.infer<(typeof ARGUMENTS)[C]>) => unknown,
  ): void {
    ipcMain.handle(channel, async (event, ...raw: unknown[]) => {
      const refusal = checkSender(event, productOrigin);
      if (refusal) throw new IpcRefusedError(channel, refusal);
      const parsed = ARGUMENTS[channel].safeParse(raw);
      if (!parsed.success) throw new IpcRefusedError(channel, z.prettifyError(parsed.error));
      return run(parsed.data as z.infer<(typeof ARGUMENTS)[C]>);
    });
  }

  handle(IPC.tokenGet, () => services.token.get());
  handle(IPC.tokenSet, ([token]) => services.token.set(token));
  handle(IPC.tokenClear, () => services.token.clear());
  handle(IPC.notify, ([notification]) => services.notify(notification));
  handle(IPC.audioSync, ([manifestUrl]) => services.audio.sync(manifestUrl));
  handle(IPC.audioStatus, () => services.audio.status());
  handle(IPC.openExternal, ([url]) => services.openExternal(url));
  handle(IPC.updateStatus, () => services.updates.status());
  handle(IPC.updateCheck, () => services.updates.check());
  handle(IPC.updateSetMinimum, ([version]) => services.updates.setMinimumVersion(version));
  handle(IPC.updateInstall, () => services.updates.install());
}
