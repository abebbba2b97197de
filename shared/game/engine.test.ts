import { describe, expect, it } from 'vitest';
import { DECK, RANKS, SUITS, type Card } from './cards';
import { applyPlay, dealHands, legalCards, newGame } from './engine';
import { RuleError, type RuleErrorCode } from './errors';
import { lastTrickPoints } from './scoring';
import { deepFreeze, playCards } from '../testing/game';

function expectRuleError(fn: () => unknown, code: RuleErrorCode) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RuleError);
    expect((error as RuleError).code).toBe(code);
    return;
  }
  throw new Error(`expected RuleError ${code}`);
}

/** Seat 0 leads (dealer 1). Seat 0 takes the first four tricks with hearts, seat 1 being void. */
function lastTrickGame(seat0Last: Card, seat1Hand: Card[], targetScore = 10) {
  return newGame({
    players: 2,
    seed: 1,
    dealer: 1,
    targetScore,
    hands: [['K_hearts', 'Q_hearts', 'J_hearts', '10_hearts', seat0Last], seat1Hand],
  });
}

function playFirstFourTricks(state: ReturnType<typeof lastTrickGame>) {
  const seat1 = state.hands[1]!;
  return playCards(state, [
    'K_hearts',
    seat1[0]!,
    'Q_hearts',
    seat1[1]!,
    'J_hearts',
    seat1[2]!,
    '10_hearts',
    seat1[3]!,
  ]).state;
}

describe('the deck', () => {
  it('has 32 distinct cards, 6 to King in four suits, keyed rank_suit', () => {
    expect(DECK).toHaveLength(32);
    expect(new Set(DECK).size).toBe(32);
    expect(RANKS).toEqual(['6', '7', '8', '9', '10', 'J', 'Q', 'K']);
    expect(SUITS).toEqual(['hearts', 'diamonds', 'clubs', 'spades']);
    expect(DECK).toContain('7_hearts');
    expect(DECK).toContain('10_spades');
    expect(DECK).toContain('K_clubs');
    expect(DECK).not.toContain('A_spades');
    expect(DECK).not.toContain('5_hearts');
  });
});

describe('dealing', () => {
  it('deals 3 then 2 to each player, starting with the player after the dealer', () => {
    const hands = dealHands(DECK, 0, 2);
    expect(hands[1]).toEqual([DECK[0], DECK[1], DECK[2], DECK[6], DECK[7]]);
    expect(hands[0]).toEqual([DECK[3], DECK[4], DECK[5], DECK[8], DECK[9]]);
  });

  it('goes round the table from the seat after the dealer with three and four players', () => {
    const three = dealHands(DECK, 2, 3);
    expect(three[0]).toEqual([DECK[0], DECK[1], DECK[2], DECK[9], DECK[10]]);
    expect(three[1]).toEqual([DECK[3], DECK[4], DECK[5], DECK[11], DECK[12]]);
    expect(three[2]).toEqual([DECK[6], DECK[7], DECK[8], DECK[13], DECK[14]]);
    const four = dealHands(DECK, 1, 4);
    expect(four[2]!.slice(0, 3)).toEqual([DECK[0], DECK[1], DECK[2]]);
    expect(four[1]).toEqual([DECK[9], DECK[10], DECK[11], DECK[18], DECK[19]]);
  });

  it('starts a game with five distinct cards each and the player after the dealer to lead', () => {
    for (const players of [2, 3, 4]) {
      const state = newGame({ players, seed: `deal-${players}` });
      expect(state.hands).toHaveLength(players);
      for (const hand of state.hands) expect(hand).toHaveLength(5);
      expect(new Set(state.hands.flat()).size).toBe(players * 5);
      expect(state.turn).toBe((state.dealer + 1) % players);
      expect(state.handNumber).toBe(1);
      expect(state.trickNumber).toBe(1);
      expect(state.scores).toEqual(new Array(players).fill(0));
      expect(state.targetScore).toBe(10);
    }
  });

  it('draws the first dealer from the seed, and the same seed always deals the same game', () => {
    const dealers = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      const a = newGame({ players: 2, seed });
      expect(newGame({ players: 2, seed })).toEqual(a);
      dealers.add(a.dealer);
    }
    expect(dealers).toEqual(new Set([0, 1]));
    expect(newGame({ players: 2, seed: 'a' }).hands).not.toEqual(newGame({ players: 2, seed: 'b' }).hands);
  });

  it('rejects bad options with a clear error', () => {
    expect(() => newGame({ players: 1, seed: 1 })).toThrow(/players/);
    expect(() => newGame({ players: 5, seed: 1 })).toThrow(/players/);
    expect(() => newGame({ players: 2, seed: 1, targetScore: 0 })).toThrow(/targetScore/);
    expect(() => newGame({ players: 2, seed: 1, dealer: 2 })).toThrow(/dealer/);
    expect(() =>
      newGame({
        players: 2,
        seed: 1,
        hands: [
          ['6_hearts', '7_hearts', '8_hearts', '9_hearts', '10_hearts'],
          ['6_hearts', '7_spades', '8_spades', '9_spades', '10_spades'],
        ],
      }),
    ).toThrow(/twice/);
    expect(() => newGame({ players: 2, seed: 1, hands: [['6_hearts'], ['7_hearts']] })).toThrow(/5 cards/);
  });
});

describe('playing a trick', () => {
  const hands: Card[][] = [
    ['9_hearts', 'K_spades', '6_clubs', '7_clubs', '8_diamonds'],
    ['10_hearts', '6_hearts', 'Q_spades', 'J_clubs', '9_diamonds'],
  ];

  it('lets the leader play any card', () => {
    const state = newGame({ players: 2, seed: 1, dealer: 1, hands });
    expect(legalCards(state, 0)).toEqual(hands[0]);
    expect(legalCards(state, 1)).toEqual([]);
  });

  it('makes the others follow the led suit when they can', () => {
    const state = playCards(newGame({ players: 2, seed: 1, dealer: 1, hands }), ['9_hearts']).state;
    expect(legalCards(state, 1)).toEqual(['10_hearts', '6_hearts']);
    expectRuleError(() => applyPlay(state, 1, 'Q_spades'), 'MUST_FOLLOW_SUIT');
  });

  it('lets a player who cannot follow play any card, which cannot win', () => {
    let state = newGame({ players: 2, seed: 1, dealer: 1, hands });
    state = playCards(state, ['7_clubs', 'J_clubs']).state; // seat 1 wins and leads
    state = playCards(state, ['9_diamonds', '8_diamonds']).state; // seat 1 wins again
    state = playCards(state, ['Q_spades']).state;
    expect(legalCards(state, 0)).toEqual(['K_spades']);
    state = playCards(state, ['K_spades']).state; // seat 0 takes the lead
    expect(state.turn).toBe(0);
    state = playCards(state, ['6_clubs']).state; // seat 1 has no clubs left
    expect(legalCards(state, 1).sort()).toEqual(['10_hearts', '6_hearts']);
    const { state: after, events } = playCards(state, ['10_hearts']);
    expect(events).toContainEqual({ kind: 'TRICK_WON', seat: 0, card: '6_clubs', trickNumber: 4 });
    expect(after.turn).toBe(0);
  });

  it('gives the trick to the highest card of the led suit, who leads the next', () => {
    const state = newGame({ players: 2, seed: 1, dealer: 1, hands });
    const { state: after, events } = playCards(state, ['9_hearts', '10_hearts']);
    expect(events).toEqual([
      { kind: 'CARD_PLAYED', seat: 0, card: '9_hearts' },
      { kind: 'CARD_PLAYED', seat: 1, card: '10_hearts' },
      { kind: 'TRICK_WON', seat: 1, card: '10_hearts', trickNumber: 1 },
    ]);
    expect(after.turn).toBe(1);
    expect(after.trickNumber).toBe(2);
    expect(after.currentTrick).toEqual([]);
    expect(after.lastTrick).toEqual({
      winner: 1,
      plays: [
        { seat: 0, card: '9_hearts' },
        { seat: 1, card: '10_hearts' },
      ],
    });
  });

  it('with four players, the highest of the led suit wins whatever else is played', () => {
    const state = newGame({
      players: 4,
      seed: 1,
      dealer: 3,
      hands: [
        ['8_clubs', '6_hearts', '7_hearts', '8_hearts', '9_hearts'],
        ['K_spades', '10_hearts', 'J_hearts', 'Q_hearts', 'K_hearts'],
        ['10_clubs', '6_spades', '7_spades', '8_spades', '9_spades'],
        ['9_clubs', '6_diamonds', '7_diamonds', '8_diamonds', '9_diamonds'],
      ],
    });
    const { state: after, events } = playCards(state, ['8_clubs', 'K_spades', '10_clubs', '9_clubs']);
    expect(events.at(-1)).toEqual({ kind: 'TRICK_WON', seat: 2, card: '10_clubs', trickNumber: 1 });
    expect(after.turn).toBe(2);
  });
});

describe('rule errors', () => {
  const state = newGame({ players: 2, seed: 7 });
  const leader = state.turn!;
  const other = 1 - leader;

  it('NOT_YOUR_TURN for a seat out of turn', () => {
    expectRuleError(() => applyPlay(state, other, state.hands[other]![0]!), 'NOT_YOUR_TURN');
    expectRuleError(() => applyPlay(state, 5, state.hands[leader]![0]!), 'NOT_YOUR_TURN');
  });

  it('CARD_NOT_IN_HAND for a card the seat does not hold, or no card at all', () => {
    expectRuleError(() => applyPlay(state, leader, state.hands[other]![0]!), 'CARD_NOT_IN_HAND');
    expectRuleError(() => applyPlay(state, leader, 'A_spades' as Card), 'CARD_NOT_IN_HAND');
    expectRuleError(() => applyPlay(state, leader, '' as Card), 'CARD_NOT_IN_HAND');
  });

  it('GAME_OVER once the game has finished', () => {
    let game = lastTrickGame('K_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs'], 1);
    game = playCards(playFirstFourTricks(game), ['K_spades', '10_clubs']).state;
    expect(game.status).toBe('finished');
    expectRuleError(() => applyPlay(game, 0, 'K_spades'), 'GAME_OVER');
    expect(legalCards(game, 0)).toEqual([]);
  });

  it('never changes the state it was given, whether the play is legal or not', () => {
    const frozen = deepFreeze(newGame({ players: 3, seed: 'frozen' }));
    const snapshot = structuredClone(frozen);
    const seat = frozen.turn!;
    const { state: next } = applyPlay(frozen, seat, frozen.hands[seat]![0]!);
    expect(next).not.toBe(frozen);
    expect(frozen).toEqual(snapshot);
    expect(() => applyPlay(frozen, (seat + 1) % 3, frozen.hands[(seat + 1) % 3]![0]!)).toThrow(RuleError);
    expect(frozen).toEqual(snapshot);
  });
});

describe('scoring the fifth trick', () => {
  it('a 6 that wins (led, nobody following) scores 3', () => {
    const game = playFirstFourTricks(
      lastTrickGame('6_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs']),
    );
    const { state, events } = playCards(game, ['6_spades', '10_clubs']);
    expect(events).toContainEqual({ kind: 'HAND_WON', seat: 0, card: '6_spades', points: 3 });
    expect(state.scores).toEqual([3, 0]);
  });

  it('a led 7 that wins scores 2, whether or not it was followed', () => {
    const unfollowed = playFirstFourTricks(
      lastTrickGame('7_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs']),
    );
    expect(playCards(unfollowed, ['7_spades', '10_clubs']).state.scores).toEqual([2, 0]);
    const followed = playFirstFourTricks(
      lastTrickGame('7_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '6_spades']),
    );
    const { events } = playCards(followed, ['7_spades', '6_spades']);
    expect(events).toContainEqual({ kind: 'HAND_WON', seat: 0, card: '7_spades', points: 2 });
  });

  it('a 7 that captured the lead (beat a led 6) scores 1', () => {
    const game = playFirstFourTricks(
      lastTrickGame('6_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '7_spades']),
    );
    const { state, events } = playCards(game, ['6_spades', '7_spades']);
    expect(events).toContainEqual({ kind: 'HAND_WON', seat: 1, card: '7_spades', points: 1 });
    expect(state.scores).toEqual([0, 1]);
  });

  it('8 to King score 1, led or capturing', () => {
    for (const rank of ['8', '9', '10', 'J', 'Q', 'K'] as const) {
      const led = playFirstFourTricks(
        lastTrickGame(`${rank}_spades`, ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs']),
      );
      expect(playCards(led, [`${rank}_spades`, '10_clubs']).state.scores).toEqual([1, 0]);
    }
    const captured = playFirstFourTricks(
      lastTrickGame('8_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', 'K_spades']),
    );
    expect(playCards(captured, ['8_spades', 'K_spades']).state.scores).toEqual([0, 1]);
  });

  it('the first four tricks score nothing', () => {
    const game = playFirstFourTricks(
      lastTrickGame('6_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs']),
    );
    expect(game.scores).toEqual([0, 0]);
    expect(game.trickNumber).toBe(5);
  });

  it('lastTrickPoints agrees with the table', () => {
    expect(lastTrickPoints('6_hearts', '6_hearts')).toBe(3);
    expect(lastTrickPoints('7_hearts', '7_hearts')).toBe(2);
    expect(lastTrickPoints('7_hearts', '6_hearts')).toBe(1);
    expect(lastTrickPoints('8_hearts', '8_hearts')).toBe(1);
    expect(lastTrickPoints('K_hearts', '6_hearts')).toBe(1);
  });
});

describe('between hands', () => {
  it("the hand's winner deals the next hand and the player after them leads", () => {
    const game = playFirstFourTricks(
      lastTrickGame('6_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '7_spades']),
    );
    expect(game.dealer).toBe(1);
    const { state, events } = playCards(game, ['6_spades', '7_spades']);
    expect(events.at(-1)).toEqual({ kind: 'HAND_DEALT', handNumber: 2, dealer: 1 });
    expect(state.dealer).toBe(1);
    expect(state.turn).toBe(0);
    expect(state.handNumber).toBe(2);
    expect(state.trickNumber).toBe(1);
    expect(state.tricks).toEqual([]);
    expect(state.lastTrick?.winner).toBe(1);
    for (const hand of state.hands) expect(hand).toHaveLength(5);

    const won = playCards(
      playFirstFourTricks(
        lastTrickGame('6_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs']),
      ),
      ['6_spades', '10_clubs'],
    ).state;
    expect(won.dealer).toBe(0);
    expect(won.turn).toBe(1);
  });

  it('the game ends when a player reaches the target score, and that player wins', () => {
    const game = playFirstFourTricks(
      lastTrickGame('6_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs'], 3),
    );
    const { state, events } = playCards(game, ['6_spades', '10_clubs']);
    expect(state.status).toBe('finished');
    expect(state.winnerSeat).toBe(0);
    expect(state.turn).toBeNull();
    expect(events.at(-1)).toEqual({ kind: 'GAME_OVER', winnerSeat: 0, reason: 'score' });
    expect(events.some((e) => e.kind === 'HAND_DEALT')).toBe(false);
  });

  it('does not end below the target', () => {
    const game = playFirstFourTricks(
      lastTrickGame('6_spades', ['6_clubs', '7_clubs', '8_clubs', '9_clubs', '10_clubs'], 4),
    );
    const { state } = playCards(game, ['6_spades', '10_clubs']);
    expect(state.status).toBe('active');
    expect(state.scores).toEqual([3, 0]);
  });
});
