import type { CompletedTrick } from '@shared/game';
import type { GameEventMessage } from '@shared/protocol';

/** How long a finished trick stays on the table, its winning card marked, before it is cleared. */
export const TRICK_PAUSE_MS = 1200;
/** How long a hand's result is shown, after its last trick and before the next deal. */
export const HAND_RESULT_MS = 2000;

/** What the table is pausing on: the finished trick, then (at a hand's end) the hand's result. */
export type PausePhase = 'trick' | 'result';

/**
 * A pause at the table (docs/design.md, "Pacing the table"): the trick just won, whom it went to,
 * and whether it ended the hand (then the next deal is withheld until the pause is over).
 */
export interface TablePause {
  phase: PausePhase;
  trick: CompletedTrick;
  /** The hand and trick the finished trick belonged to (the view has moved on to the next). */
  handNumber: number;
  trickNumber: number;
  handEnded: boolean;
}

const PHASE_MS: Record<PausePhase, number> = { trick: TRICK_PAUSE_MS, result: HAND_RESULT_MS };

/**
 * The pauses an update calls for: none unless it finishes a trick; the trick, then the hand's
 * result when it ends a hand and the game goes on (at the game's end its dialog shows the scores).
 */
export function pausesFor(events: readonly GameEventMessage[]): PausePhase[] {
  if (!events.some((e) => e.kind === 'TRICK_WON')) return [];
  if (events.some((e) => e.kind === 'GAME_OVER')) return ['trick'];
  return events.some((e) => e.kind === 'HAND_WON') ? ['trick', 'result'] : ['trick'];
}

export interface PacerHost {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

/**
 * Shows what the game room receives in order, holding the table on each finished trick (and a
 * hand's result) for its pause: whatever arrives meanwhile (a bot's next lead, the game's end)
 * waits in a queue and is shown when the pause is over, unless another pause arrives, which cuts
 * the one showing short. `skip` ends the pause showing at once (the
 * player tapped the table: a tapped last trick still shows the hand's result) or every pause (the
 * player played their card); `reset` forgets everything (a fresh GAME_STATE).
 * Pure apart from the host's timers, so it is tested with fake ones.
 */
export class TablePacer<T> {
  private readonly queue: { item: T; phases: PausePhase[] }[] = [];
  private phases: PausePhase[] = [];
  private timer: unknown;
  private holding = false;

  constructor(
    private readonly host: PacerHost,
    /** A queued item is shown, with the pause it starts (null: none). */
    private readonly onShow: (item: T, phase: PausePhase | null) => void,
    /** The item shown moves to its next pause, or (null) its pauses are over. */
    private readonly onPhase: (phase: PausePhase | null) => void,
  ) {}

  /** True while the table is held on a trick or a hand's result. */
  get paused(): boolean {
    return this.holding;
  }

  push(item: T, phases: PausePhase[]): void {
    this.queue.push({ item, phases });
    if (!this.holding) return this.drain();
    // Never more than one pause behind: a later pause cuts the one showing short, so a watcher
    // of a fast table (bots, or players quicker than the pauses) catches up instead of falling
    // further and further back.
    if (phases.length > 0) {
      this.host.clearTimeout(this.timer);
      this.end();
    }
  }

  /**
   * Ends the pause showing now: a tap on the table moves a hand's last trick on to its result;
   * a card played (`all`) ends every pause, as the player is already acting on what follows.
   */
  skip(all = false): void {
    if (!this.holding) return;
    this.host.clearTimeout(this.timer);
    if (all) this.end();
    else this.next();
  }

  reset(): void {
    this.host.clearTimeout(this.timer);
    this.queue.length = 0;
    this.phases = [];
    this.holding = false;
  }

  private drain(): void {
    while (!this.holding && this.queue.length > 0) {
      const { item, phases } = this.queue.shift()!;
      this.phases = phases.slice();
      const phase = this.phases[0] ?? null;
      this.onShow(item, phase);
      if (phase !== null) this.hold(phase);
    }
  }

  private hold(phase: PausePhase): void {
    this.holding = true;
    this.timer = this.host.setTimeout(() => this.next(), PHASE_MS[phase]);
  }

  private next(): void {
    this.phases.shift();
    const phase = this.phases[0];
    if (phase === undefined) return this.end();
    this.onPhase(phase);
    this.hold(phase);
  }

  private end(): void {
    this.phases = [];
    this.holding = false;
    this.onPhase(null);
    this.drain();
  }
}

/** The pause an update starts, from its events and the view it leads to. */
export function pauseOf(
  events: readonly GameEventMessage[],
  phase: PausePhase | null,
  lastTrick: CompletedTrick | null,
  handNumber: number,
): TablePause | null {
  const won = events.find((e) => e.kind === 'TRICK_WON');
  if (phase === null || !won || won.kind !== 'TRICK_WON' || !lastTrick) return null;
  const handEnded = events.some((e) => e.kind === 'HAND_WON');
  return {
    phase,
    trick: lastTrick,
    // A new deal in the same update has already moved the view on to the next hand.
    handNumber: events.some((e) => e.kind === 'HAND_DEALT') ? handNumber - 1 : handNumber,
    trickNumber: won.trickNumber,
    handEnded,
  };
}
