/**
 * The bots' names and looks at the table: each bot seat of a game gets a different persona, so a
 * table of three bots reads "Kofi (medium)", "Ama (medium)", "Yaw (medium)" rather than the same
 * name three times. The server's practice rooms and the practice on the device both name their
 * bots here, so they agree. See docs/design.md, "Bots at the table".
 */
import type { BotLevel } from './index';

export interface BotPersona {
  /** The bot's first name, shown alone where the level would crowd the line ("Ama takes the trick"). */
  name: string;
  /** The Mantine colour of its avatar, so each bot also looks different. */
  color: string;
}

/** Six personas: more than the three bots a table can hold, so a game's start varies which meet. */
export const BOT_PERSONAS: readonly BotPersona[] = [
  { name: 'Kofi', color: 'orange' },
  { name: 'Ama', color: 'pink' },
  { name: 'Yaw', color: 'cyan' },
  { name: 'Esi', color: 'violet' },
  { name: 'Kwame', color: 'lime' },
  { name: 'Abena', color: 'yellow' },
];

/** A bot's name at the table: the persona and its level, e.g. "Kofi (medium)". */
export function botUsername(persona: BotPersona, level: BotLevel): string {
  return `${persona.name} (${level})`;
}

/**
 * The names of `count` bots of one level, all different: consecutive personas from `first`
 * (any whole number; the server draws it at random, the device from the game's seed).
 */
export function botUsernames(level: BotLevel, count: number, first: number): string[] {
  const start = ((Math.trunc(first) % BOT_PERSONAS.length) + BOT_PERSONAS.length) % BOT_PERSONAS.length;
  return Array.from({ length: count }, (_, i) =>
    botUsername(BOT_PERSONAS[(start + i) % BOT_PERSONAS.length]!, level),
  );
}

const BOT_USERNAME = /^(\S+) \((easy|medium|hard)\)$/;

/** The persona a bot's username was made from, or undefined for any other name. */
export function botPersonaOf(username: string): BotPersona | undefined {
  const name = BOT_USERNAME.exec(username)?.[1];
  return name === undefined ? undefined : BOT_PERSONAS.find((p) => p.name === name);
}

/** The level in a bot's username ("Kofi (medium)" → medium), or undefined for any other name. */
export function botLevelOf(username: string): BotLevel | undefined {
  return botPersonaOf(username) ? (BOT_USERNAME.exec(username)![2] as BotLevel) : undefined;
}
