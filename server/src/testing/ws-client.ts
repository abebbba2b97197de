import WebSocket from 'ws';
import {
  applyUpdate,
  deltaFollows,
  parseServerMessage,
  type GameView,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from '@shared/protocol';

/**
 * A frame as a test sees it: a GAME_UPDATE also carries `game`, the full view after its changes
 * (as a client holds it: the last GAME_STATE of that game with every later update applied).
 */
export type Received =
  Exclude<ServerMessage, { type: 'GAME_UPDATE' }> | (ServerMessageOf<'GAME_UPDATE'> & { game: GameView });
export type ReceivedOf<T extends ServerMessageType> = Extract<Received, { type: T }>;

/** A real WebSocket client for tests: records every frame (each checked against the protocol). */
export class TestSocket {
  readonly frames: Received[] = [];
  /** The view of each game this socket joined, kept up to date from GAME_UPDATE deltas. */
  private readonly views = new Map<string, GameView>();
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
      this.frames.push(this.resolve(parsed.message));
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('close', (code: number, reason: Buffer) => {
      this.closed = true;
      this.closedWith = { code, reason: reason.toString('utf8') };
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  private resolve(message: ServerMessage): Received {
    if (message.type === 'GAME_STATE') this.views.set(message.gameId, message.game);
    if (message.type !== 'GAME_UPDATE') return message;
    const base = this.views.get(message.gameId);
    if (base && deltaFollows(base.seq, message.seq)) {
      // Protocol 3's events whole, as the apps see them (what the rules imply put back).
      const { game, events } = applyUpdate(base, message);
      this.views.set(message.gameId, game);
      return { ...message, events, game };
    }
    // No view to apply it to (never joined, or updates were missed): a test reading one fails clearly.
    this.views.delete(message.gameId);
    const problem = base ? `seq ${message.seq} does not follow ${base.seq}` : 'no GAME_STATE before it';
    return Object.defineProperty({ ...message }, 'game', {
      get() {
        throw new Error(`GAME_UPDATE of ${message.gameId} has no view: ${problem}`);
      },
    }) as ReceivedOf<'GAME_UPDATE'>;
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

  /** Opens and signs in with a session token, naming `protocol` if given (as the web app does). */
  static async signedIn(url: string, token: string, protocol?: number): Promise<TestSocket> {
    const s = await TestSocket.open(url);
    s.send({ type: 'MESSAGING_AUTH', token, ...(protocol === undefined ? {} : { protocol }) });
    await s.next('MESSAGING_AUTH_SUCCESS');
    return s;
  }

  send(message: object | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next frame (after the last one returned) of `type` that satisfies `match`. */
  async next<T extends ServerMessageType>(
    type: T,
    match: (message: ReceivedOf<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<ReceivedOf<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        const frame = this.frames[i]!;
        if (frame.type === type && match(frame as ReceivedOf<T>)) {
          this.cursor = i + 1;
          return frame as ReceivedOf<T>;
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
