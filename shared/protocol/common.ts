import { z } from 'zod';
import { isCard, type Card } from '../game/cards';

/** Largest WebSocket frame the server accepts, in bytes. */
export const MAX_FRAME_BYTES = 16 * 1024;

export const userIdSchema = z.number().int().positive();
/** What a game id looks like (a server-made id; anything else is refused before any lookup). */
export const GAME_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const gameIdSchema = z.string().regex(GAME_ID_PATTERN, 'must be a game id');
export const sessionTokenSchema = z.string().min(1).max(512);
export const matchTokenSchema = z.string().min(1).max(128);
export const cardSchema = z.custom<Card>(isCard, 'must be a card key such as 7_hearts');
export const seatSchema = z.number().int().min(0).max(3);
export const queueNameSchema = z.enum(['ranked', 'quick']);
/** Players at a quick-queue table: 2, 3 or 4 (ranked is always 2). See docs/protocol.md, "Queues and matches". */
export const TABLE_SIZES = [2, 3, 4] as const;
export const tableSizeSchema = z
  .number({ message: 'size must be 2, 3 or 4' })
  .int('size must be 2, 3 or 4')
  .min(2, 'size must be 2, 3 or 4')
  .max(4, 'size must be 2, 3 or 4');

/** A query `limit` between 1 and `max`, `fallback` when absent. */
export const limitSchema = (fallback: number, max = 100) =>
  z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${max}`)
    .max(max, `limit must be between 1 and ${max}`)
    .default(fallback);

/**
 * A page's cursor, `before`: only what is older than this id (the `nextBefore` of the page before).
 * `invalid` says what it must be; `notANumber` what a word in its place is told.
 */
export const beforeSchema = (invalid: string, notANumber = 'before must be a number') =>
  z.coerce
    .number({ message: notANumber })
    .int(invalid)
    .positive(invalid)
    .max(Number.MAX_SAFE_INTEGER, invalid)
    .optional();

export type UserId = z.infer<typeof userIdSchema>;
export type GameId = z.infer<typeof gameIdSchema>;
export type QueueName = z.infer<typeof queueNameSchema>;
export type TableSize = (typeof TABLE_SIZES)[number];
