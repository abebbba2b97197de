import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlay, legalCards, newGame, resign, seatsInPlay, type GameEvent, type GameState } from '../game';
import { Rng } from '../game/rng';
import { gameView } from '../testing/views';
import { applyUpdate } from './apply';
import { compactEvents, expandEvents } from './compact';
import { diffView, impliedView } from './delta';
import type { GameEventMessage, GameView } from './server';

/** Seat `seat`'s view of `state` (seat n is user n + 1), as a room builds it. */
function viewOf(state: GameState, seat: number | null, seq: number, deadline: number | null): GameView {
  const active = state.status === 'active';
  return gameView({
    status: state.status,
    targetScore: state.targetScore,
    seq,
    players: state.scores.map((score, p) => ({
      seat: p,
      userId: p + 1,
      username: `p${p}`,
      avatarUrl: null,
      score,
      cardsInHand: state.hands[p]!.length,
      connected: true,
      isBot: false,
      ...(state.resigned?.includes(p) ? { resigned: true as const } : {}),
    })),
    you: seat === null ? null : { seat },
    hand: seat === null ? [] : state.hands[seat]!,
    dealer: state.dealer,
    turn: active ? state.turn : null,
    turnDeadline: active ? deadline : null,
    handNumber: state.handNumber,
    trickNumber: state.trickNumber,
    currentTrick: state.currentTrick,
    lastTrick: state.lastTrick,
    legalCards: active && seat !== null ? legalCards(state, seat) : [],
    winnerUserId: state.status === 'finished' ? state.winnerSeat! + 1 : null,
  });
}

/** The events a room sends for a move: the engine's, in users, and the next turn with its deadline. */
function messagesOf(events: GameEvent[], state: GameState, deadline: number): GameEventMessage[] {
  const messages = events.map((event): GameEventMessage =>
    event.kind === 'GAME_OVER'
      ? { kind: 'GAME_OVER', winnerUserId: event.winnerSeat + 1, reason: event.reason }
      : event,
  );
  if (state.status === 'active' && state.turn !== null)
    messages.push({ kind: 'TURN', seat: state.turn, deadline });
  return messages;
}

describe('protocol 3: compact events', () => {
  it('expand back to the whole events, and the view they give is the full one, over random games with resignations', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 60 }),
        (players, seed, resignEvery) => {
          let state = newGame({ players, seed, targetScore: 6 });
          const rng = new Rng(seed ^ 0x2545f491);
          let seq = 0;
          let deadline: number | null = 1_795_260_041_000;
          let sentTricks = 0;
          while (state.status === 'active') {
            // Now and then (3 or 4 seats only) someone other than the seat to play resigns.
            const others = seatsInPlay(state).filter((s) => s !== state.turn);
            const quit = players > 2 && resignEvery > 0 && rng.int(resignEvery) === 0 && others.length > 0;
            const result = quit
              ? resign(state, others[rng.int(others.length)]!)
              : applyPlay(
                  state,
                  state.turn!,
                  legalCards(state, state.turn!)[rng.int(legalCards(state, state.turn!).length)]!,
                );
            const next = result.state;
            const nextDeadline = next.status === 'active' ? 1_795_260_041_000 + (seq + 1) * 1_700 : null;
            const events = messagesOf(result.events, next, nextDeadline ?? 0);
            for (const seat of [...Array.from({ length: players }, (_, s) => s), null]) {
              const before = viewOf(state, seat, seq, deadline);
              const after = viewOf(next, seat, seq + 1, nextDeadline);
              const compact = compactEvents(before, events);
              if (!compact) throw new Error(`not compacted: ${JSON.stringify(events)}`);
              expect(expandEvents(before, compact.events, compact.deadline)).toEqual(events);
              // What the rules give is never sent: a trick's winner after its last card, a hand won, a deal.
              if (!quit) {
                expect(compact.events.map((e) => e.kind)).toEqual(['CARD_PLAYED']);
                if (events.at(-1)?.kind === 'TURN') expect(compact.deadline).toBe(nextDeadline);
              }
              sentTricks += compact.events.filter((e) => e.kind === 'TRICK_WON').length;
              const changes = diffView(impliedView(before, events, 3), after);
              const applied = applyUpdate(before, {
                seq: seq + 1,
                events: compact.events,
                ...(compact.deadline === undefined ? {} : { deadline: compact.deadline }),
                changes,
                implied: 3,
              });
              expect(applied.events).toEqual(events);
              expect(applied.game).toEqual(after);
            }
            state = next;
            deadline = nextDeadline;
            seq++;
          }
          // A trick completed by a resignation is the only kind whose winner is sent.
          if (players === 2) expect(sentTricks).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('an update without changes applies as the web app reads it (JSON.parse alone, no schema defaults)', () => {
    const view = gameView({ turn: 1, legalCards: [], currentTrick: [{ seat: 0, card: 'K_spades' }] });
    const text =
      '{"type":"GAME_UPDATE","gameId":"g1","seq":1,"events":[{"kind":"CARD_PLAYED","seat":1,"card":"7_spades"}],"deadline":5000,"implied":3}';
    const { game, events } = applyUpdate(view, JSON.parse(text) as Parameters<typeof applyUpdate>[1]);
    expect(events.map((e) => e.kind)).toEqual(['CARD_PLAYED', 'TRICK_WON', 'TURN']);
    expect(game).toMatchObject({ seq: 1, turn: 0, turnDeadline: 5000, currentTrick: [] });
  });

  it('a TURN the events do not give is sent as it is', () => {
    const view = gameView({ turn: 0, currentTrick: [] });
    const events: GameEventMessage[] = [{ kind: 'TURN', seat: 1, deadline: 5_000 }];
    expect(compactEvents(view, events)).toEqual({ events });
    expect(compactEvents(view, [{ kind: 'TURN', seat: 0, deadline: 5_000 }])).toEqual({
      events: [],
      deadline: 5_000,
    });
  });

  it('events that break the rule are not compacted (the server then sends protocol 2 frame)', () => {
    const view = gameView({ turn: 1, currentTrick: [{ seat: 0, card: 'K_spades' }] });
    // The trick's last card without the TRICK_WON the rules make follow it.
    expect(compactEvents(view, [{ kind: 'CARD_PLAYED', seat: 1, card: '7_spades' }])).toBeNull();
    // A winner other than the rules'.
    expect(
      compactEvents(view, [
        { kind: 'CARD_PLAYED', seat: 1, card: '7_spades' },
        { kind: 'TRICK_WON', seat: 1, card: '7_spades', trickNumber: 1 },
      ]),
    ).toBeNull();
    expect(
      compactEvents(view, [
        { kind: 'CARD_PLAYED', seat: 1, card: '7_spades' },
        { kind: 'TRICK_WON', seat: 0, card: 'K_spades', trickNumber: 1 },
      ]),
    ).toEqual({ events: [{ kind: 'CARD_PLAYED', seat: 1, card: '7_spades' }] });
  });
});
