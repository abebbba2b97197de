import { describe, expect, it } from 'vitest';
import type { GameEventMessage } from '@shared/protocol';
import {
  HAND_RESULT_MS,
  TRICK_PAUSE_MS,
  TablePacer,
  pauseOf,
  pausesFor,
  type PacerHost,
  type PausePhase,
} from './tablePacing';

/** Timers that run only when the test moves the clock. */
class FakeClock implements PacerHost {
  now = 0;
  private timers = new Map<number, { at: number; run: () => void }>();
  private next = 1;
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, run });
    return id;
  }
  clearTimeout(timer: unknown): void {
    this.timers.delete(timer as number);
  }
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].run();
    }
    this.now = until;
  }
}

function pacer() {
  const clock = new FakeClock();
  const shown: string[] = [];
  const p = new TablePacer<string>(
    clock,
    (item, phase) => shown.push(`${clock.now}: ${item}${phase ? ` (${phase})` : ''}`),
    (phase) => shown.push(`${clock.now}: ${phase ?? 'cleared'}`),
  );
  return { clock, shown, p };
}

const trick: PausePhase[] = ['trick'];

describe('pausesFor', () => {
  const won: GameEventMessage = { kind: 'TRICK_WON', seat: 1, card: 'K_hearts', trickNumber: 3 };
  const hand: GameEventMessage = { kind: 'HAND_WON', seat: 1, card: 'K_hearts', points: 1 };
  it('holds a finished trick, then a hand’s result, and nothing else', () => {
    expect(pausesFor([{ kind: 'CARD_PLAYED', seat: 0, card: '9_hearts' }])).toEqual([]);
    expect(pausesFor([won])).toEqual(['trick']);
    expect(pausesFor([won, hand, { kind: 'HAND_DEALT', handNumber: 2, dealer: 1 }])).toEqual([
      'trick',
      'result',
    ]);
    // The game's end has its own dialog with the scores.
    expect(pausesFor([won, hand, { kind: 'GAME_OVER', winnerUserId: 4, reason: 'score' }])).toEqual([
      'trick',
    ]);
  });

  it('names the finished trick by its own hand and number, not the next deal’s', () => {
    const last = { plays: [{ seat: 1, card: 'K_hearts' as const }], winner: 1 };
    const dealt: GameEventMessage = { kind: 'HAND_DEALT', handNumber: 4, dealer: 1 };
    expect(pauseOf([won, hand, dealt], 'trick', last, 4)).toEqual({
      phase: 'trick',
      trick: last,
      handNumber: 3,
      trickNumber: 3,
      handEnded: true,
    });
    expect(pauseOf([won], 'trick', last, 2)).toMatchObject({ handNumber: 2, handEnded: false });
    expect(pauseOf([won], null, last, 2)).toBeNull();
  });
});

describe('TablePacer', () => {
  it('shows updates at once while the table is not held', () => {
    const { p, shown } = pacer();
    p.push('a', []);
    p.push('b', []);
    expect(shown).toEqual(['0: a', '0: b']);
    expect(p.paused).toBe(false);
  });

  it('holds a finished trick for its pause; a bot’s lead that arrives meanwhile waits for it', () => {
    const { p, shown, clock } = pacer();
    p.push('trick won', trick);
    expect(p.paused).toBe(true);
    clock.advance(900);
    p.push('bot leads', []);
    expect(shown).toEqual(['0: trick won (trick)']);
    clock.advance(TRICK_PAUSE_MS - 900 - 1);
    expect(shown).toHaveLength(1);
    clock.advance(1);
    expect(shown).toEqual([
      '0: trick won (trick)',
      `${TRICK_PAUSE_MS}: cleared`,
      `${TRICK_PAUSE_MS}: bot leads`,
    ]);
    expect(p.paused).toBe(false);
  });

  it('at a hand’s end shows the trick, then the result, then the new deal', () => {
    const { p, shown, clock } = pacer();
    p.push('last trick', ['trick', 'result']);
    p.push('game over', []);
    clock.advance(TRICK_PAUSE_MS + HAND_RESULT_MS);
    expect(shown).toEqual([
      '0: last trick (trick)',
      `${TRICK_PAUSE_MS}: result`,
      `${TRICK_PAUSE_MS + HAND_RESULT_MS}: cleared`,
      `${TRICK_PAUSE_MS + HAND_RESULT_MS}: game over`,
    ]);
  });

  it('a tap (or the player’s next lead) ends the pause at once and shows what waited', () => {
    const { p, shown, clock } = pacer();
    p.push('one', trick);
    p.push('bot leads', []);
    clock.advance(100);
    p.skip();
    expect(shown).toEqual(['0: one (trick)', '100: cleared', '100: bot leads']);
    expect(p.paused).toBe(false);
    p.skip();
    expect(shown).toHaveLength(3);
  });

  it('is never more than one pause behind: a later trick cuts the one showing short', () => {
    const { p, shown, clock } = pacer();
    p.push('one', trick);
    p.push('bot leads', []);
    clock.advance(100);
    p.push('two', trick);
    expect(shown).toEqual(['0: one (trick)', '100: cleared', '100: bot leads', '100: two (trick)']);
    // The second trick has a whole pause of its own.
    clock.advance(TRICK_PAUSE_MS - 1);
    expect(p.paused).toBe(true);
    clock.advance(1);
    expect(p.paused).toBe(false);
  });

  it('at a hand’s end a tap moves the trick on to the result, which keeps its whole pause; a played card ends both', () => {
    const { p, shown, clock } = pacer();
    p.push('last trick', ['trick', 'result']);
    p.push('new deal', []);
    clock.advance(100);
    p.skip();
    expect(shown).toEqual(['0: last trick (trick)', '100: result']);
    clock.advance(HAND_RESULT_MS - 1);
    expect(p.paused).toBe(true);
    clock.advance(1);
    expect(shown.slice(2)).toEqual([`${100 + HAND_RESULT_MS}: cleared`, `${100 + HAND_RESULT_MS}: new deal`]);

    const played = pacer();
    played.p.push('last trick', ['trick', 'result']);
    played.p.push('new deal', []);
    played.p.skip(true);
    expect(played.shown).toEqual(['0: last trick (trick)', '0: cleared', '0: new deal']);
  });

  it('reset drops whatever waited and the pause’s timer', () => {
    const { p, shown, clock } = pacer();
    p.push('one', trick);
    p.push('two', []);
    p.reset();
    clock.advance(10_000);
    expect(shown).toEqual(['0: one (trick)']);
    expect(p.paused).toBe(false);
    p.push('fresh', []);
    expect(shown).toEqual(['0: one (trick)', '10000: fresh']);
  });
});
