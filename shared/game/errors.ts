export const RULE_ERROR_CODES = [
  'NOT_YOUR_TURN',
  'CARD_NOT_IN_HAND',
  'MUST_FOLLOW_SUIT',
  'GAME_OVER',
] as const;

export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

const MESSAGES: Record<RuleErrorCode, string> = {
  NOT_YOUR_TURN: 'It is not your turn',
  CARD_NOT_IN_HAND: 'That card is not in your hand',
  MUST_FOLLOW_SUIT: 'You must follow the suit that was led',
  GAME_OVER: 'The game is over',
};

/** A play the rules do not allow. The state it was tried on is unchanged. */
export class RuleError extends Error {
  constructor(readonly code: RuleErrorCode) {
    super(MESSAGES[code]);
    this.name = 'RuleError';
  }
}
