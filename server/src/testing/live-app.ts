import { afterEach } from 'vitest';
import { connectPlayer, type Player } from './game-clients';
import { createTestApp, type DialectName, type TestApp } from './harness';
import type { TestSocket } from './ws-client';

/** Scripted players play far faster than people: no bot pause, and room for their frames. */
export const FAST_PLAY: Record<string, string> = { BOT_DELAY_MS: '0', WS_MESSAGES_PER_SECOND: '5000' };

/** A real app per test, listening for sockets; see `liveAppPerTest`. */
export interface LiveApp {
  /** The running test's app (after `start`). */
  readonly t: TestApp;
  /** Starts this test's app with `env` over the defaults and returns its /ws URL. */
  start(env?: Record<string, string>): Promise<string>;
  /** A new player signed in on `url` (a fresh name unless one is given). */
  player(url: string, name?: string): Promise<Player>;
  /** Closes these sockets after the test too: ones a test opened itself. */
  track(...sockets: TestSocket[]): void;
}

/**
 * For a `describe` whose tests each start an app and play on it over real sockets: after each
 * test the sockets it opened (through `player` or `track`) are closed, then its app, so no test
 * sees another's (docs/testing.md, "Live apps").
 */
export function liveAppPerTest(dialect: DialectName, defaults: Record<string, string> = FAST_PLAY): LiveApp {
  let current: TestApp | undefined;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await current?.close();
    current = undefined;
  });
  return {
    get t() {
      if (!current) throw new Error('start() the app first');
      return current;
    },
    async start(env = {}) {
      current = await createTestApp(dialect, { ...defaults, ...env });
      return current.listen();
    },
    async player(url, name) {
      if (!current) throw new Error('start() the app first');
      const p = await connectPlayer(current.app, url, name);
      sockets.push(p.socket);
      return p;
    },
    track(...opened) {
      sockets.push(...opened);
    },
  };
}
