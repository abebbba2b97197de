import { describe, expect, it, vi } from 'vitest';
import type { AudioCacheStatus, DesktopBridge } from '@shared/desktop-bridge';
import { createElectronPlatform } from './electron';

function fakeBridge(status: AudioCacheStatus, synced: AudioCacheStatus) {
  let navigate: ((route: string) => void) | null = null;
  const resumeListeners = new Set<() => void>();
  const bridge: DesktopBridge = {
    version: 1,
    token: {
      get: vi.fn(async () => 'tok'),
      set: vi.fn(async () => undefined),
      clear: vi.fn(async () => undefined),
    },
    notify: vi.fn(async () => true),
    onNavigate: (listener) => {
      navigate = listener;
      return () => (navigate = null);
    },
    onResume: (listener) => {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    audio: { status: vi.fn(async () => status), sync: vi.fn(async () => synced) },
    openExternal: vi.fn(async () => undefined),
    updates: {
      status: vi.fn(),
      onChange: vi.fn(() => () => undefined),
      check: vi.fn(),
      setMinimumVersion: vi.fn(),
      install: vi.fn(async () => undefined),
    },
  };
  return {
    bridge,
    navigate: (route: unknown) => navigate?.(route as string),
    resume: () => resumeListeners.forEach((listener) => listener()),
  };
}

const file = (key: string, localPath: string | null) => ({
  key,
  url: `/sounds/ui/${key}.mp3`,
  isDownloaded: localPath !== null,
  localPath,
});

describe('electron platform', () => {
  it('plays cached sounds from the bridge, the rest from the server, and syncs the manifest', async () => {
    const { bridge } = fakeBridge(
      { files: [file('click', 'spar-audio://ui/click.mp3'), file('navigation', null)], downloading: true },
      { files: [file('navigation', 'spar-audio://ui/navigation.mp3')], downloading: false },
    );
    const desktop = createElectronPlatform(bridge, 'https://play.spar.game');
    expect(desktop.platform.soundSource('/sounds/ui/click.mp3')).toBe(
      'https://play.spar.game/sounds/ui/click.mp3',
    );
    await desktop.init();
    expect(desktop.platform.soundSource('/sounds/ui/click.mp3')).toBe('spar-audio://ui/click.mp3');
    await vi.waitFor(() =>
      expect(desktop.platform.soundSource('/sounds/ui/navigation.mp3')).toBe(
        'spar-audio://ui/navigation.mp3',
      ),
    );
    expect(bridge.audio.sync).toHaveBeenCalledWith('https://play.spar.game/sounds/manifest.json');
  });

  it('keeps the token in the bridge, opens sign-in outside, and passes on only in-app routes', async () => {
    const { bridge, navigate } = fakeBridge(
      { files: [], downloading: false },
      { files: [], downloading: false },
    );
    const { platform } = createElectronPlatform(bridge, '');
    expect(platform.tokenStorage).toBe(bridge.token);
    expect(platform.openSignInPage('https://accounts.example/sign-in')).toBeNull();
    expect(bridge.openExternal).toHaveBeenCalledWith('https://accounts.example/sign-in');
    const routes: string[] = [];
    platform.onNavigate((route) => routes.push(route));
    navigate('/game/4');
    navigate('//evil.example');
    navigate(42);
    expect(routes).toEqual(['/game/4']);
  });

  it('passes the computer waking from sleep on until unsubscribed', () => {
    const { bridge, resume } = fakeBridge(
      { files: [], downloading: false },
      { files: [], downloading: false },
    );
    const { platform } = createElectronPlatform(bridge, '');
    let resumed = 0;
    const off = platform.onResume(() => resumed++);
    resume();
    resume();
    off();
    resume();
    expect(resumed).toBe(2);
  });

  it("hands the page the desktop updater's own functions", () => {
    const { bridge } = fakeBridge({ files: [], downloading: false }, { files: [], downloading: false });
    const { platform } = createElectronPlatform(bridge, '');
    expect(platform.appUpdates).toBe(bridge.updates);
  });
});
