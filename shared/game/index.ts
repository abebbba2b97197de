export * from './cards';
export * from './errors';
export * from './state';
export * from './scoring';
export {
  newGame,
  legalCards,
  applyPlay,
  dealHands,
  trickWinner,
  DEFAULT_TARGET_SCORE,
  DEAL_BATCHES,
} from './engine';
export type { NewGameOptions } from './engine';
export { viewFor, type SeatView } from './view';
export { chooseCard, BOT_LEVELS, type BotLevel } from './bots';
export { BOT_PERSONAS, botPersonaOf, botUsername, botUsernames, type BotPersona } from './bots/personas';
export { hashSeed } from './rng';
