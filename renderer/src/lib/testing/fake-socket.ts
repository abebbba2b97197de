/**
 * A stand-in for the renderer's `socket` (lib/realtime) in unit tests: it records what is sent and
 * lets a test deliver server frames to whatever subscribed. A test mocks lib/realtime with
 * `vi.mock(path, async () => ({ socket: (await import(this module)).fakeSocket }))` and imports
 * `fakeSocket` itself to drive it: both get the same instance. Code that takes its socket as an
 * argument (a `Pick<SocketClient, ...>`) is handed `fakeSocket` directly.
 */
import { vi } from 'vitest';
import type { ClientMessage, ServerMessage } from '@shared/protocol';

type Handler = (message: never) => void;

class FakeSocket {
  private readonly handlers = new Map<string, Set<Handler>>();
  /** Sends at once (true) unless a test makes it hold a message (false), as a dropped socket does. */
  // Its calls stay untyped, as a bare vi.fn()'s are: tests read the fields of the frame they expect.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly send = vi.fn<(message: any) => boolean>(() => true);
  readonly unsend = vi.fn<(message: ClientMessage) => boolean>(() => true);
  /** Whether a held message is still waiting; a test that holds messages says so too. */
  readonly holds = vi.fn<(message: ClientMessage) => boolean>(() => false);

  on(type: string, handler: Handler): () => void {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(handler);
    return () => this.handlers.get(type)!.delete(handler);
  }

  /** Delivers a frame to its subscribers, as the socket does on receiving it. */
  emit(message: ServerMessage): void {
    for (const handler of this.handlers.get(message.type) ?? []) handler(message as never);
  }

  reset(): void {
    this.handlers.clear();
    this.send.mockReset();
    this.send.mockImplementation(() => true);
    this.unsend.mockReset();
    this.unsend.mockImplementation(() => true);
    this.holds.mockReset();
    this.holds.mockImplementation(() => false);
  }
}

export const fakeSocket = new FakeSocket();
