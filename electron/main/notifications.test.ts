import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopNotification } from '@shared/desktop-bridge';
import { createNotifier, shouldNotify } from './notifications';

const MATCH: DesktopNotification = {
  kind: 'match-found',
  title: 'Match found',
  body: 'Accept within 30 seconds',
  route: '/games',
};

function setup(focused: boolean, supported = true) {
  const shown: {
    options: object;
    listeners: Map<string, () => void>;
    show: ReturnType<typeof vi.fn>;
    close: ReturnType<typeof vi.fn>;
  }[] = [];
  const openRoute = vi.fn();
  const notify = createNotifier({
    isSupported: () => supported,
    isWindowFocused: () => focused,
    openRoute,
    create(options) {
      const listeners = new Map<string, () => void>();
      const native = {
        options,
        listeners,
        show: vi.fn(),
        close: vi.fn(() => listeners.get('close')?.()),
        on: (event: string, listener: () => void) => listeners.set(event, listener),
      };
      shown.push(native);
      return native;
    },
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return { notify, shown, openRoute };
}

describe('native notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('are raised only while the window is not focused', () => {
    expect(shouldNotify(true, true)).toBe(false);
    expect(shouldNotify(false, true)).toBe(true);
    expect(shouldNotify(false, false)).toBe(false);
    const focused = setup(true);
    expect(focused.notify(MATCH)).toBe(false);
    expect(focused.shown).toHaveLength(0);
    const unsupported = setup(false, false);
    expect(unsupported.notify(MATCH)).toBe(false);
  });

  it('show the title and body and close after 5000 ms', () => {
    const { notify, shown } = setup(false);
    expect(notify(MATCH)).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.options).toEqual({ title: 'Match found', body: 'Accept within 30 seconds' });
    expect(shown[0]!.show).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(4999);
    expect(shown[0]!.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(shown[0]!.close).toHaveBeenCalledOnce();
  });

  it('open their route when clicked, and then no longer time out', () => {
    const { notify, shown, openRoute } = setup(false);
    notify({ kind: 'game-invitation', title: 'Ama invites you', body: 'A private game', route: '/game/41' });
    shown[0]!.listeners.get('click')!();
    expect(openRoute).toHaveBeenCalledWith('/game/41');
    expect(shown[0]!.close).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10_000);
    expect(shown[0]!.close).toHaveBeenCalledOnce();
  });
});
