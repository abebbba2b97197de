import WebSocket from 'ws';
import {
  parseServerMessage,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from '@shared/protocol';

/** A real WebSocket client for tests: records every frame (each checked against the protocol). */
export class TestSocket {
  readonly frames: ServerMessage[] = [];
  readonly raw: string[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  closed = false;
  /** The close code and reason the server gave, once closed. */
  closedWith: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.raw.push(text);
      const parsed = parseServerMessage(text);
      if (!parsed.ok) throw new Error(`server sent an invalid frame: ${parsed.error.message}: ${text}`);
      this.frames.push(parsed.message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('close', (code: number, reason: Buffer) => {
      this.closed = true;
      this.closedWith = { code, reason: reason.toString('utf8') };
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(url: string, options: { headers?: Record<string, string> } = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      socket.once('open', () => resolve(new TestSocket(socket)));
      socket.once('error', reject);
    });
  }

  /** Resolves with the close code and reason once the server closes this socket. */
  async closing(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closedWith) {
      if (Date.now() >= deadline) throw new Error(`still open after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.closedWith;
  }

  /** Opens and signs in with a session token. */
  static async signedIn(url: string, token: string): Promise<TestSocket> {
    const s = await TestSocket.open(url);
    s.send({ type: 'MESSAGING_AUTH', token });
    await s.next('MESSAGING_AUTH_SUCCESS');
    return s;
  }

  send(message: object | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next frame (after the last one returned) of `type` that satisfies `match`. */
  async next<T extends ServerMessageType>(
    type: T,
    match: (message: ServerMessageOf<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<ServerMessageOf<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        const frame = this.frames[i]!;
        if (frame.type === type && match(frame as ServerMessageOf<T>)) {
          this.cursor = i + 1;
          return frame as ServerMessageOf<T>;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) {
        throw new Error(
          `no ${type} within ${timeoutMs} ms; got ${this.frames
            .slice(this.cursor)
            .map((f) => (f.type === 'ERROR' ? JSON.stringify(f) : f.type))
            .join(', ')}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
      // A peer that never answers the closing handshake (or a paused socket) is cut off.
      setTimeout(() => this.socket.terminate(), 500).unref();
    });
  }
}
