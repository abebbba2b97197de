// @vitest-environment happy-dom
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workbox } from 'workbox-window';
import { startServiceWorker, UPDATE_CHECK_MS } from './service-worker';
import { pendingUpdateAtom } from './update';

/** The part of Workbox the app uses, with its events fired by the test. */
/** A waiting worker whose state the test moves on. */
function fakeWorker() {
  const worker = Object.assign(new EventTarget(), { state: 'installed' });
  const moveTo = (state: string) => {
    worker.state = state;
    worker.dispatchEvent(new Event('statechange'));
  };
  return { worker, moveTo };
}

function fakeWorkbox(registration: { waiting: EventTarget | null } = { waiting: fakeWorker().worker }) {
  const listeners = new Map<string, (() => void)[]>();
  const workbox = {
    addEventListener: vi.fn((type: string, listener: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    ),
    register: vi.fn(async () => registration),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
  };
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  return { workbox, fire, registration };
}

const store = getDefaultStore();
let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  reload = vi.fn<() => void>();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
});
afterEach(() => {
  store.set(pendingUpdateAtom, null);
  vi.useRealTimers();
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
    expect(reload).not.toHaveBeenCalled();
  });

  it('announces a waiting version; Reload lets it take over and reloads once it controls the page', async () => {
    const { workbox, fire } = fakeWorkbox();
    const container = new EventTarget();
    startServiceWorker(workbox as unknown as Workbox, container);
    fire('waiting');
    const update = store.get(pendingUpdateAtom);
    expect(update).not.toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    update!.apply();
    await vi.waitFor(() => expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce());
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads once the waiting version is activated, even if the page hears no controllerchange', async () => {
    const { worker, moveTo } = fakeWorker();
    const { workbox, fire } = fakeWorkbox({ waiting: worker });
    const container = new EventTarget();
    startServiceWorker(workbox as unknown as Workbox, container);
    fire('waiting');
    store.get(pendingUpdateAtom)!.apply();
    await vi.waitFor(() => expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce());
    moveTo('activating');
    expect(reload).not.toHaveBeenCalled();
    moveTo('activated');
    expect(reload).toHaveBeenCalledOnce();
    // The controllerchange that may follow does not reload a second time.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('follows the new version when another tab let it take over, without a click here', () => {
    const { workbox, fire } = fakeWorkbox();
    const container = new EventTarget();
    startServiceWorker(workbox as unknown as Workbox, container);
    fire('waiting');
    fire('waiting');
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('reloads at once when Reload finds nothing waiting any more', async () => {
    const { workbox, fire, registration } = fakeWorkbox();
    startServiceWorker(workbox as unknown as Workbox, new EventTarget());
    fire('waiting');
    registration.waiting = null;
    store.get(pendingUpdateAtom)!.apply();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('asks for a newer build every hour while the page stays open', () => {
    const { workbox } = fakeWorkbox();
    startServiceWorker(workbox as unknown as Workbox, new EventTarget());
    expect(workbox.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(workbox.update).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(workbox.update).toHaveBeenCalledTimes(2);
  });

  it('a failed registration is reported, not thrown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { workbox } = fakeWorkbox();
    workbox.register.mockRejectedValueOnce(new Error('blocked'));
    startServiceWorker(workbox as unknown as Workbox, new EventTarget());
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error)),
    );
  });
});
