/**
 * Table reactions: a fixed set of quick emotes a player sends during a game (GAME_EMOTE in,
 * GAME_EMOTE_SHOWN out). No free text, so nothing needs moderating. See docs/protocol.md,
 * "Table reactions", and docs/design.md, "Table reactions".
 */
import { z } from 'zod';
import { gameIdSchema, seatSchema } from './common';

/** Every reaction, in the order the picker shows them: its id, its picture and what it says. */
export const EMOTES = [
  { id: 'hello', emoji: '👋', label: 'Hello' },
  { id: 'good_luck', emoji: '🍀', label: 'Good luck' },
  { id: 'nice_trick', emoji: '🔥', label: 'Nice trick' },
  { id: 'wow', emoji: '😮', label: 'Wow' },
  { id: 'haha', emoji: '😂', label: 'Haha' },
  { id: 'thinking', emoji: '🤔', label: 'Thinking…' },
  { id: 'oops', emoji: '😅', label: 'Oops' },
  { id: 'good_game', emoji: '👍', label: 'Good game' },
] as const;

export type EmoteId = (typeof EMOTES)[number]['id'];
export type Emote = (typeof EMOTES)[number];

const EMOTE_IDS = EMOTES.map((emote) => emote.id) as [EmoteId, ...EmoteId[]];

export function emoteOf(id: EmoteId): Emote {
  return EMOTES.find((emote) => emote.id === id)!;
}

/**
 * A player's reactions are a bucket of EMOTE_BURST that refills one every EMOTE_REFILL_MS: three
 * at once, then one every two seconds. Over it, the server answers RATE_LIMITED.
 */
export const EMOTE_BURST = 3;
export const EMOTE_REFILL_MS = 2000;

export const emoteIdSchema = z.enum(EMOTE_IDS, {
  message: `emote must be one of ${EMOTE_IDS.join(', ')}`,
});

/** GAME_EMOTE: a player at an active table reacts. */
export const gameEmoteSchema = z.object({
  type: z.literal('GAME_EMOTE'),
  gameId: gameIdSchema,
  emote: emoteIdSchema,
});

/** GAME_EMOTE_SHOWN: the reaction of the player in `seat`, to everyone at the table and watching it. */
export const gameEmoteShownSchema = z.object({
  type: z.literal('GAME_EMOTE_SHOWN'),
  gameId: gameIdSchema,
  seat: seatSchema,
  emote: emoteIdSchema,
});
