import { describe, expect, it, vi } from 'vitest';
import type { DesktopUpdateState } from '@shared/desktop-bridge';
import { IPC } from '../ipc-channels';
import { checkSender, registerIpc } from './ipc';
import type { IpcServices } from './ipc';

const ORIGIN = 'app://spar';
type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

function setup() {
  const handlers = new Map<string, Handler>();
  const status = { files: [], downloading: false };
  const update: DesktopUpdateState = {
    status: 'idle',
    currentVersion: '1.4.0',
    version: null,
    percent: null,
    message: null,
    required: false,
  };
  const services = {
    token: { get: vi.fn(() => 'tok'), set: vi.fn(), clear: vi.fn() },
    notify: vi.fn(() => true),
    audio: { sync: vi.fn(async () => status), status: vi.fn(async () => status) },
    openExternal: vi.fn(async () => undefined),
    updates: {
      status: vi.fn(() => update),
      check: vi.fn(async () => update),
      setMinimumVersion: vi.fn(async () => update),
      install: vi.fn(),
    },
  } satisfies IpcServices;
  registerIpc(
    { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) } as never,
    ORIGIN,
    services,
  );
  const page = (url = 'app://spar/games', parent: object | null = null) => ({ senderFrame: { url, parent } });
  const call = (channel: string, event: unknown, ...args: unknown[]) =>
    handlers.get(channel)!(event, ...args);
  return { handlers, services, page, call };
}

describe('IPC handlers', () => {
  it('exist for every channel of the bridge and no other', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(
      Object.values(IPC)
        .filter((c) => c !== IPC.navigate && c !== IPC.resume && c !== IPC.updateState)
        .sort(),
    );
  });

  it('pass valid calls from the product page through to the services', async () => {
    const { services, page, call } = setup();
    await expect(call(IPC.tokenGet, page())).resolves.toBe('tok');
    await call(IPC.tokenSet, page(), 'abc');
    expect(services.token.set).toHaveBeenCalledWith('abc');
    await call(IPC.tokenClear, page());
    expect(services.token.clear).toHaveBeenCalledOnce();
    const notification = { kind: 'message', title: 'Kofi', body: 'gg', route: '/messages/conversation/3' };
    await expect(call(IPC.notify, page(), notification)).resolves.toBe(true);
    expect(services.notify).toHaveBeenCalledWith(notification);
    await call(IPC.audioSync, page(), '/sounds/manifest.json');
    expect(services.audio.sync).toHaveBeenCalledWith('/sounds/manifest.json');
    await call(IPC.audioStatus, page());
    await call(IPC.openExternal, page(), 'https://accounts.google.com/o/oauth2/v2/auth?x=1');
    expect(services.openExternal).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?x=1');
    await expect(call(IPC.updateStatus, page())).resolves.toMatchObject({ status: 'idle' });
    await call(IPC.updateCheck, page());
    expect(services.updates.check).toHaveBeenCalledOnce();
    await call(IPC.updateSetMinimum, page(), '1.5.0');
    expect(services.updates.setMinimumVersion).toHaveBeenCalledWith('1.5.0');
    await call(IPC.updateInstall, page());
    expect(services.updates.install).toHaveBeenCalledOnce();
  });

  it('refuse arguments of the wrong shape before anything happens', async () => {
    const { services, page, call } = setup();
    const bad: [string, unknown[]][] = [
      [IPC.tokenSet, []],
      [IPC.tokenSet, ['']],
      [IPC.tokenSet, [42]],
      [IPC.tokenSet, ['x'.repeat(5000)]],
      [IPC.tokenSet, ['a', 'b']],
      [IPC.tokenGet, ['extra']],
      [IPC.notify, [{ kind: 'spam', title: 't', body: 'b', route: '/' }]],
      [IPC.notify, [{ kind: 'message', title: 't', body: 'b', route: 'https://evil.example' }]],
      [IPC.notify, [{ kind: 'message', title: 't', body: 'b', route: '/a/../b' }]],
      [IPC.notify, [{ kind: 'message', title: '', body: 'b', route: '/' }]],
      [IPC.notify, [{ kind: 'message', title: 't', body: 'b', route: '/', icon: '/etc/passwd' }]],
      [IPC.notify, [null]],
      [IPC.audioSync, [{}]],
      [IPC.openExternal, ['file:///etc/passwd']],
      [IPC.openExternal, ['javascript:alert(1)']],
      [IPC.openExternal, ['not a url']],
      [IPC.updateSetMinimum, ['1.5']],
      [IPC.updateSetMinimum, [150]],
      [IPC.updateSetMinimum, ['1.5.0; rm -rf /']],
      [IPC.updateSetMinimum, []],
      [IPC.updateInstall, [true]],
      [IPC.updateCheck, ['now']],
    ];
    for (const [channel, args] of bad)
      await expect(call(channel, page(), ...args), `${channel} ${JSON.stringify(args)}`).rejects.toThrow(
        new RegExp(`^${channel} refused: `),
      );
    expect(services.token.set).not.toHaveBeenCalled();
    expect(services.token.get).not.toHaveBeenCalled();
    expect(services.notify).not.toHaveBeenCalled();
    expect(services.audio.sync).not.toHaveBeenCalled();
    expect(services.openExternal).not.toHaveBeenCalled();
    expect(services.updates.setMinimumVersion).not.toHaveBeenCalled();
    expect(services.updates.install).not.toHaveBeenCalled();
    expect(services.updates.check).not.toHaveBeenCalled();
  });

  it('refuse callers that are not the product page', async () => {
    const { services, page, call } = setup();
    for (const event of [
      page('https://evil.example/'),
      page('app://other/'),
      page('file:///tmp/x.html'),
      page('app://spar/', { url: 'app://spar/' }),
      { senderFrame: null },
    ]) {
      await expect(call(IPC.tokenGet, event)).rejects.toThrow(/refused/);
      await expect(call(IPC.openExternal, event, 'https://example.com')).rejects.toThrow(/refused/);
      await expect(call(IPC.updateInstall, event)).rejects.toThrow(/refused/);
    }
    expect(services.updates.install).not.toHaveBeenCalled();
    expect(services.token.get).not.toHaveBeenCalled();
    expect(services.openExternal).not.toHaveBeenCalled();
  });

  it('explain why a sender was refused', () => {
    expect(checkSender({ senderFrame: null }, ORIGIN)).toMatch(/gone/);
    expect(checkSender({ senderFrame: { url: 'app://spar/', parent: {} } } as never, ORIGIN)).toMatch(
      /frames/,
    );
    expect(
      checkSender({ senderFrame: { url: 'https://x.example/', parent: null } } as never, ORIGIN),
    ).toMatch(/not a Spar page/);
    expect(
      checkSender({ senderFrame: { url: 'app://spar/shop', parent: null } } as never, ORIGIN),
    ).toBeNull();
  });
});
