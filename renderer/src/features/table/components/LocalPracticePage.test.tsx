// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { createRunner, type LocalGameCommand } from '../local/runner';

/**
 * The browser's Worker, in process: a working one plays the real runner behind the worker's
 * message events; a broken one never answers and reports an error, as a worker whose script could
 * not be fetched does.
 */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  /** Whether the next worker started fails to load. */
  static nextFails = false;
  terminated = false;
  private readonly run: ((command: LocalGameCommand) => void) | null;
  constructor() {
    super();
    FakeWorker.started.push(this);
    const fails = FakeWorker.nextFails;
    FakeWorker.nextFails = false;
    this.run = fails
      ? null
      : createRunner({
          post: (message) => this.dispatchEvent(new MessageEvent('message', { data: message })),
          setTimeout: (fn, ms) => setTimeout(fn, ms),
          clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
        });
    if (fails) setTimeout(() => this.crash(), 0);
  }
  postMessage(command: LocalGameCommand) {
    if (!this.terminated) this.run?.(command);
  }
  terminate() {
    this.terminated = true;
  }
  crash() {
    this.dispatchEvent(new Event('error'));
  }
}

vi.mock('../../../lib/sounds', () => ({ playSound: () => undefined }));
vi.mock('../../../lib/realtime', () => ({
  socket: new Proxy({}, { get: () => () => expect.fail('the socket is used') }),
}));
vi.mock('../../../lib/session/useSession', () => ({
  useSession: () => ({ user: { id: 5, username: 'ada' }, loading: false }),
}));

const { LocalPracticePage } = await import('./LocalPracticePage');

/** The worker playing now. The tab keeps its worker from one test to the next, as a tab does. */
const current = () => FakeWorker.started.at(-1)!;

describe('LocalPracticePage when the worker fails', () => {
  beforeEach(() => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('fetch', () => expect.fail('a request was made'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the game could not start instead of dealing forever, and Retry deals on a new worker', async () => {
    FakeWorker.nextFails = true;
    renderWithProviders(<LocalPracticePage />, { route: '/practice?bots=1&level=easy' });
    expect(await screen.findByRole('heading', { name: 'Practice could not start' })).toBeDefined();
    expect(screen.queryByText('Dealing…')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to games' }).getAttribute('href')).toBe('/games');
    const failed = current();
    expect(failed.terminated).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(current()).not.toBe(failed);
    expect(current().terminated).toBe(false);
    expect(await screen.findByText('ada (you)')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Practice could not start' })).toBeNull();
  });

  it('says so when the worker crashes during a game, and Retry deals a new one', async () => {
    renderWithProviders(<LocalPracticePage />, { route: '/practice?bots=2&level=easy' });
    expect(await screen.findByText('ada (you)')).toBeDefined();
    const crashed = current();
    act(() => crashed.crash());
    expect(screen.getByRole('heading', { name: 'Practice stopped' })).toBeDefined();
    expect(crashed.terminated).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ada (you)')).toBeDefined();
    expect(current()).not.toBe(crashed);
    expect(screen.queryByRole('heading', { name: 'Practice stopped' })).toBeNull();
  });
});
