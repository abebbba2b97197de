/**
 * The How to Play card: tabs Basics, Scoring and Advanced Rules. Numbers come from the
 * engine and the constants, and every scoring example is replayed against the engine in tests, so
 * the rules a player reads are the rules the server enforces.
 */
import { TARGET_SCORE, TURN_EXPIRIES_TO_FORFEIT, TURN_SECONDS, RECONNECT_GRACE_SECONDS } from './constants';
import { CARDS_PER_HAND, DECK, RANKS, TRICKS_PER_HAND, type Card } from './game/cards';
import { DEAL_BATCHES } from './game/engine';
import { POINTS_CAPTURING_SEVEN, POINTS_HIGH_CARD, POINTS_LED_SEVEN, POINTS_SIX } from './game/scoring';

export interface ScoringRow {
  card: string;
  points: number;
  note: string;
}

/** A two-player last trick: `plays[0]` is led, the other answers; the winner scores `points`. */
export interface ScoringExample {
  caption: string;
  plays: [Card, Card];
  winner: 0 | 1;
  points: number;
}

export interface HowToPlayTab {
  id: 'basics' | 'scoring' | 'advanced';
  title: string;
  intro: string;
  rules: string[];
  scoring?: ScoringRow[];
  examples?: ScoringExample[];
}

export const HOW_TO_PLAY: readonly HowToPlayTab[] = [
  {
    id: 'basics',
    title: 'Basics',
    intro: `Spar is a West African trick-taking game for 2 to 4 players. Be the one who wins the last trick, and first to ${TARGET_SCORE} points wins the game.`,
    rules: [
      `The deck has ${DECK.length} cards: ${RANKS[0]} up to King in hearts, diamonds, clubs and spades. There are no trumps.`,
      `The dealer gives everyone ${CARDS_PER_HAND} cards, ${DEAL_BATCHES.join(' then ')} at a time, starting with the player after the dealer.`,
      'The player after the dealer leads any card. Everyone else must follow the led suit if they can; if not, they may play any card.',
      'The highest card of the led suit wins the trick, and its winner leads the next one. A card of another suit never wins.',
      `A hand is ${TRICKS_PER_HAND} tricks. Only the last trick scores. The winner of the hand deals the next one.`,
    ],
  },
  {
    id: 'scoring',
    title: 'Scoring',
    intro: `Only the winner of the ${TRICKS_PER_HAND}th and last trick scores, by the card that won it. The first player to reach ${TARGET_SCORE} points wins.`,
    rules: [
      'The first four tricks score nothing, but whoever wins the fourth leads the last.',
      'A 6 is the lowest card, so it can only win when it is led and nobody can follow suit.',
      'A 7 is worth more when you lead it than when you use it to capture a led 6.',
    ],
    scoring: [
      { card: '6', points: POINTS_SIX, note: 'led, and nobody could follow suit' },
      { card: '7', points: POINTS_LED_SEVEN, note: 'when it was the led card' },
      { card: '7', points: POINTS_CAPTURING_SEVEN, note: 'when it captured the lead by beating a led 6' },
      { card: '8 to King', points: POINTS_HIGH_CARD, note: 'led or captured' },
    ],
    examples: [
      {
        caption: 'You lead the 6♠ and your opponent has no spades',
        plays: ['6_spades', 'K_hearts'],
        winner: 0,
        points: POINTS_SIX,
      },
      {
        caption: 'You lead the 7♦ and your opponent can only follow with the 6♦',
        plays: ['7_diamonds', '6_diamonds'],
        winner: 0,
        points: POINTS_LED_SEVEN,
      },
      {
        caption: 'Your opponent leads the 6♥ and you capture it with the 7♥',
        plays: ['6_hearts', '7_hearts'],
        winner: 1,
        points: POINTS_CAPTURING_SEVEN,
      },
      {
        caption: 'You lead the 9♣ and your opponent beats it with the Q♣',
        plays: ['9_clubs', 'Q_clubs'],
        winner: 1,
        points: POINTS_HIGH_CARD,
      },
    ],
  },
  {
    id: 'advanced',
    title: 'Advanced Rules',
    intro: 'The finer points, and how online play keeps the game moving.',
    rules: [
      'Winning the fourth trick matters most: it lets you lead the last trick with the card you kept back.',
      'Keep a low card for the end. A 6 or 7 led in the last trick scores big if nobody can follow.',
      'Watch which suits your opponents fail to follow: they have none left, so your low card of that suit is safe.',
      `Each turn has a ${TURN_SECONDS}-second timer. When it runs out, your lowest legal card is played for you; ${TURN_EXPIRIES_TO_FORFEIT} timeouts in a row forfeit the game.`,
      `If you lose your connection you have ${RECONNECT_GRACE_SECONDS} seconds to come back before the game is forfeited. You may also resign at any time.`,
      'Ranked games change your rating; quick games and practice games against bots do not.',
    ],
  },
];
