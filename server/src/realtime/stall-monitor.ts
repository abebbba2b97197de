/**
 * Measures how long this process's event loop was stalled (blocked by CPU work, a long GC, a
 * paused VM), so rate limits can count frames when they arrived rather than when the server got
 * round to them. Node cannot see kernel arrival times; a short timer's lateness can: a tick due
 * every `intervalMs` that runs late by L ms means nothing ran for about L ms, and whatever frames
 * came in meanwhile queued up behind it. See docs/design.md, "Socket limits".
 */
export class StallMonitor {
  private lastTick: number;
  private stalled = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly intervalMs = 50,
    /** Lateness below this is ordinary timer jitter, not a stall. */
    private readonly thresholdMs = 100,
    private readonly clock: () => number = () => performance.now(),
    /**
     * Each tick's lateness in milliseconds, jitter included: the metrics' event-loop delay
     * (docs/operations.md, "Metrics"), from this timer rather than a second one.
     */
    private readonly onTick?: (lateMs: number) => void,
  ) {
    this.lastTick = clock();
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  /**
   * Milliseconds stalled since the monitor started; it only grows. It includes a stall still
   * being worked off: frames read in the same turn that ends a stall may be handled before the
   * timer gets to run, and must already see it.
   */
  totalStalledMs(): number {
    return this.stalled + this.lateness(this.clock());
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private lateness(now: number): number {
    const late = now - this.lastTick - this.intervalMs;
    return late >= this.thresholdMs ? late : 0;
  }

  private tick(): void {
    const now = this.clock();
    this.stalled += this.lateness(now);
    this.onTick?.(Math.max(0, now - this.lastTick - this.intervalMs));
    this.lastTick = now;
  }
}
