import { OPEN, type FrameWriter, type Peer } from './connection';

/**
 * Writes the frames sent in one turn of the event loop back to back (see docs/design.md,
 * "Grouped socket writes").
 *
 * A frame's write is a system call that, on loopback and on our virtual machines, costs two to
 * three times more when the process touched much memory since its last write. When a group commit
 * settles many moves, each room builds its frames and sends them in turn, so every write followed
 * some other room's work. Here the first frame of a turn goes out at once — a lone move's player
 * waits for nothing — and the others of the same turn wait in a queue that is written in one go
 * when the turn's work is done (`process.nextTick`, which runs only once every promise
 * continuation of the turn has run). Frames to one socket keep their order: once a turn has
 * queued a frame, every later frame of that turn queues behind it.
 */
export class WriteGroup implements FrameWriter {
  private queue: { peer: Peer; text: string }[] = [];
  /** A frame already went out in this turn: the next ones queue. */
  private busy = false;

  constructor(private readonly onError: (error: unknown) => void) {}

  send(peer: Peer, text: string): void {
    if (this.busy) {
      this.queue.push({ peer, text });
      return;
    }
    this.busy = true;
    process.nextTick(this.endTurn);
    this.write(peer, text);
  }

  /**
   * Writes every queued frame now. Closing a socket calls it first: a frame queued for it (an
   * ERROR saying why) must go out before the closing handshake.
   */
  flush(): void {
    // A frame sent while the queue is written (by an error handler, say) lands in a new queue,
    // written next: none is sent twice or left behind.
    while (this.queue.length > 0) {
      const queue = this.queue;
      this.queue = [];
      for (const { peer, text } of queue) if (peer.readyState === OPEN) this.write(peer, text);
    }
  }

  private readonly endTurn = (): void => {
    this.flush();
    this.busy = false;
  };

  /** One write; a socket that throws loses its frame, never the frames queued behind it. */
  private write(peer: Peer, text: string): void {
    try {
      peer.send(text);
    } catch (error) {
      this.onError(error);
    }
  }
}
