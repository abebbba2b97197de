// @vitest-environment happy-dom
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workbox } from 'workbox-window';
import { startServiceWorker } from './service-worker';
import { pendingUpdateAtom } from './update';

/** The part of Workbox the app uses, with its events fired by the test. */
function fakeWorkbox() {
  const listeners = new Map<string, (() => void)[]>();
  const workbox = {
    addEventListener: vi.fn((type: string, listener: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    ),
    register: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
  };
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return { workbox, fire };
}

const store = getDefaultStore();
afterEach(() => {
  store.set(pendingUpdateAtom, null);
  vi.restoreAllMocks();
});

describe('the service worker in the page', () => {
  it('registers, and announces nothing while no newer version waits', () => {
    const { workbox } = fakeWorkbox();
    const container = new EventTarget();
    startServiceWorker(workbox as unknown as Workbox, container);
    expect(workbox.register).toHaveBeenCalledOnce();
    // The first worker taking control of the first visit is no update.
    container.dispatchEvent(new Event('controllerchange'));
    expect(store.get(pendingUpdateAtom)).toBeNull();
  });

  it('announces a waiting version; Reload lets it take over and reloads once it controls the page', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const { workbox, fire } = fakeWorkbox();
    const container = new EventTarget();
    startServiceWorker(workbox as unknown as Workbox, container);
    fire('waiting');
    const update = store.get(pendingUpdateAtom);
    expect(update).not.toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    update!.apply();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });
});
