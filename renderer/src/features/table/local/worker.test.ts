import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Stands in for the browser's Worker: records what it was started with and whether it was ended. */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.started.push(this);
  }
  postMessage() {}
  terminate() {
    this.terminated = true;
  }
}

/** The module afresh, so each test starts with no worker in the tab. */
const load = async () => (await import('./worker')).localGameWorker;

describe('localGameWorker', () => {
  beforeEach(() => {
    FakeWorker.started = [];
    vi.resetModules();
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts the tab’s one module worker on first need and keeps it', async () => {
    const localGameWorker = await load();
    const first = localGameWorker();
    expect(localGameWorker()).toBe(first);
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.url.pathname).toMatch(/local-game\.worker\.ts$/);
    expect(FakeWorker.started[0]!.options).toEqual({ type: 'module', name: 'spar-practice' });
  });

  it('ends a worker that fails and starts a new one on the next call', async () => {
    const localGameWorker = await load();
    const failed = localGameWorker();
    FakeWorker.started[0]!.dispatchEvent(new Event('error'));
    expect(FakeWorker.started[0]!.terminated).toBe(true);
    const fresh = localGameWorker();
    expect(fresh).not.toBe(failed);
    expect(FakeWorker.started).toHaveLength(2);
    expect(localGameWorker()).toBe(fresh);

    // A late error from the ended worker does not cost the new one its place.
    FakeWorker.started[0]!.dispatchEvent(new Event('error'));
    expect(localGameWorker()).toBe(fresh);
    expect(FakeWorker.started[1]!.terminated).toBe(false);
  });
});
