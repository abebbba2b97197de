/**
 * A stand-in for the renderer's `socket` (lib/realtime) in unit tests: it records what is sent and
 * lets a test deliver server frames to whatever subscribed. A test mocks lib/realtime with
 * `vi.mock(path, async () => ({ socket: (await import(this module)).fakeSocket }))` and imports
 * `fakeSocket` itself to drive it: both get the same instance. Code that takes its socket as an
 * argument (a `Pick<SocketClient, ...>`) is handed `fakeSocket` directly.
 */
import { vi } from 'vitest';
import type { ServerMessage } from '@shared/protocol';

type Handler = (message: never) => void;

class FakeSocket {
  private readonly handlers = new Map<string, Set<Handler>>();
  readonly send = vi.fn();

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
  }
}

export const fakeSocket = new FakeSocket();
