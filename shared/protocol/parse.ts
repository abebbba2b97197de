import type { z } from 'zod';
import { isCard } from '../game/cards';
import { clientMessageSchemas, type ClientMessage, type ClientMessageType } from './client';
import { GAME_ID_PATTERN, MAX_FRAME_BYTES } from './common';
import { serverMessageSchemas, type ServerMessage, type ServerMessageType } from './server';
import { MAX_JSON_DEPTH, checkJsonShape, jsonTextTooDeep } from './shape';

export interface ProtocolError {
  code: 'INVALID_MESSAGE';
  message: string;
  /** The message type, when the frame named a known one. */
  ref?: string;
}

export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: ProtocolError };

function fail(message: string, ref?: string): { ok: false; error: ProtocolError } {
  return {
    ok: false,
    error: ref ? { code: 'INVALID_MESSAGE', message, ref } : { code: 'INVALID_MESSAGE', message },
  };
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4; // a surrogate pair is one 4-byte code point
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * A message type's shape checked by hand: the message as its schema would give it, or null for
 * anything the check does not accept, which then goes through the schema (so the schema alone
 * words every error). Only for the messages of a game's every move, where the schema's own work
 * was most of a frame's parsing on a lone move (docs/benchmarks.md, "bench:ws"); protocol.test
 * checks each one against its schema on arbitrary values.
 */
type FastChecks<M extends { type: string }> = {
  [K in M['type']]?: (value: Record<string, unknown>) => Extract<M, { type: K }> | null;
};

export const CLIENT_FAST_CHECKS: FastChecks<ClientMessage> = {
  GAME_PLAY: ({ gameId, card, seq }) =>
    typeof gameId === 'string' &&
    GAME_ID_PATTERN.test(gameId) &&
    isCard(card) &&
    typeof seq === 'number' &&
    Number.isSafeInteger(seq) &&
    seq >= 0
      ? { type: 'GAME_PLAY', gameId, card, seq }
      : null,
};

function parseWith<T>(
  raw: unknown,
  schemas: Record<string, z.ZodType>,
  side: string,
  fastChecks: Partial<Record<string, (value: Record<string, unknown>) => object | null>> = {},
): ParseResult<T> {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; measure exactly only when it could matter.
    if (raw.length * 3 > MAX_FRAME_BYTES && utf8Length(raw) > MAX_FRAME_BYTES) {
      return fail(`Frame is larger than ${MAX_FRAME_BYTES} bytes`);
    }
    // Counted on the text, so deep nesting is refused before JSON.parse spends time on it.
    if (jsonTextTooDeep(raw)) return fail(`Frame is nested deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      value = JSON.parse(raw);
    } catch {
      return fail('Frame is not valid JSON');
    }
  } else if (checkJsonShape(value)?.kind === 'too_deep') {
    return fail(`Frame is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('Frame must be a JSON object with a type');
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return fail('Frame must have a string type');
  const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
  if (!schema) return fail(`Unknown ${side} message type: ${type.slice(0, 64)}`);
  const fast = Object.hasOwn(fastChecks, type) ? fastChecks[type]!(value as Record<string, unknown>) : null;
  if (fast) return { ok: true, message: fast as T };
  const result = schema.safeParse(value);
  if (!result.success) return fail(`Invalid ${type}: ${describeIssues(result.error)}`, type);
  return { ok: true, message: result.data as T };
}

/**
 * The one parser for frames from clients: a JSON text (or an already-decoded value) becomes a
 * typed ClientMessage, or a typed error saying what is wrong. It never throws.
 */
export function parseClientMessage(raw: unknown): ParseResult<ClientMessage> {
  return parseWith<ClientMessage>(raw, clientMessageSchemas, 'client', CLIENT_FAST_CHECKS);
}

/** The same for frames from the server, used by the clients and the tests. */
export function parseServerMessage(raw: unknown): ParseResult<ServerMessage> {
  return parseWith<ServerMessage>(raw, serverMessageSchemas, 'server');
}

export type { ClientMessageType, ServerMessageType };
