export * from './cards';
export * from './errors';
export * from './state';
export * from './scoring';
export {
  newGame,
  legalCards,
  applyPlay,
  applyMove,
  resign,
  inPlay,
  seatsInPlay,
  RESIGN_MOVE,
  dealHands,
  trickWinner,
  DEFAULT_TARGET_SCORE,
  DEAL_BATCHES,
} from './engine';
export type { Move, NewGameOptions } from './engine';
export { lowestLegalCard } from './auto-play';
export { chooseCard, BOT_LEVELS, type BotLevel } from './bots';
export {
  BOT_PERSONAS,
  botLevelOf,
  botPersonaOf,
  botUsername,
  botUsernames,
  type BotPersona,
} from './bots/personas';
export { hashSeed } from './rng';
