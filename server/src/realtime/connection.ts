import type { ErrorCode } from '@shared/protocol';
import { frameText, type Outgoing } from '../infra/frame';

/** Frames refused for rate past this many, and the connection is closed as abusive. */
export const ABUSE_LIMIT = 200;

/** The `readyState` of a socket that can still send (the WebSocket standard's OPEN). */
export const OPEN = 1;

/**
 * What the gateway needs of a socket: a `ws` WebSocket is one as it is (no wrapper object per
 * connection); tests pass fakes.
 */
export interface Peer {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Cuts the socket off without a closing handshake (the peer stopped answering). */
  terminate(): void;
  ping(): void;
  /** OPEN while frames can still be sent. */
  readonly readyState: number;
}

/** Groups the writes of one turn of the event loop (realtime/write-group.ts). */
export interface FrameWriter {
  send(peer: Peer, text: string): void;
  /** Writes whatever is queued, now. */
  flush(): void;
}

export interface RateOptions {
  /** Sustained frames per second; bursts of twice that. */
  perSecond: number;
  /** Milliseconds, wall clock (rates are about the network, not the game's clock). */
  clock: () => number;
  /** Total milliseconds the event loop has been stalled (StallMonitor.totalStalledMs). */
  stalledMs: () => number;
  /** Told of each frame refused for the rate (the metrics count them). */
  refused?: () => void;
}

/** One socket as the gateway sees it: who signed in on it, and its rate budget. */
export class Connection {
  userId: number | null = null;
  username = '';
  sessionId: number | null = null;
  /** When the bound session expires unless it slid meanwhile (the game's clock). */
  expiresAt = Infinity;
  alive = true;
  pingSentAt = 0;
  closed = false;
  /** Closes the socket if it has not signed in in time. */
  authTimer: NodeJS.Timeout | undefined;
  /** The protocol revision the client named in MESSAGING_AUTH (1 when it named none). */
  protocol = 1;
  /** A re-check of the session under way, shared by every frame that needs it. */
  revalidating: Promise<void> | undefined;

  private tokens: number;
  private refilledAt: number;
  private stallSeen: number;
  private refused = 0;
  private lastRateError = -Infinity;

  constructor(
    readonly peer: Peer,
    /** The client's address as TRUST_PROXY resolves it. */
    readonly ip: string,
    private readonly rate: RateOptions,
    /** Groups this socket's writes with the turn's others; without one (replies to another node) each frame is sent at once. */
    private readonly writes?: FrameWriter,
  ) {
    this.tokens = rate.perSecond * 2;
    this.refilledAt = rate.clock();
    this.stallSeen = rate.stalledMs();
  }

  send(message: Outgoing): void {
    if (this.peer.readyState !== OPEN) return;
    const text = frameText(message, this.protocol);
    if (this.writes) this.writes.send(this.peer, text);
    else this.peer.send(text);
  }

  error(code: ErrorCode, message: string, ref?: string): void {
    this.send(ref ? { type: 'ERROR', code, message, ref } : { type: 'ERROR', code, message });
  }

  close(code: number, reason: string): void {
    this.writes?.flush();
    this.peer.close(code, reason);
  }

  /**
   * False when this frame is over the rate; closes the socket on sustained abuse.
   *
   * Frames are counted as if they arrived when they did: a stalled event loop hands over a
   * backlog all at once, so the time the loop was stalled is credited to the bucket in full
   * (uncapped, once per stall). A client that paced itself passes; a flood without a stall, or
   * one faster than the rate throughout, is still refused.
   */
  admit(): boolean {
    const now = this.rate.clock();
    const stalled = this.rate.stalledMs();
    const perMs = this.rate.perSecond / 1000;
    const burst = this.rate.perSecond * 2;
    const elapsed = now - this.refilledAt;
    // A stall's credit lasts while its backlog is worked off; a quiet second later it is gone.
    if (elapsed >= 1000 && stalled === this.stallSeen) this.tokens = Math.min(this.tokens, burst);
    if (this.tokens < burst) this.tokens = Math.min(burst, this.tokens + elapsed * perMs);
    this.tokens += (stalled - this.stallSeen) * perMs;
    this.refilledAt = now;
    this.stallSeen = stalled;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.rate.refused?.();
    if (++this.refused > ABUSE_LIMIT) {
      this.close(1008, 'Too many messages');
      return false;
    }
    if (now - this.lastRateError >= 1000) {
      this.lastRateError = now;
      this.error('RATE_LIMITED', 'Too many messages; slow down');
    }
    return false;
  }
}
