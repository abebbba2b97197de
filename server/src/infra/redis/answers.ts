import type { RedisConnections } from './connection';

/*
 * What a pending match (queues.ts) and a rematch offer (rematches.ts) share in Redis: a record
 * (JSON) naming its players in a list (`players`, `seats`), with the ids of those who accepted; a
 * key per player naming the record that waits for them; and a sorted set of records by deadline.
 */

/**
 * KEYS: record. ARGV: user id, the record's list of players. Adds an acceptance; returns the
 * record's JSON, or nil if there is none (or only the "closed" mark) or it is not theirs.
 */
const ANSWER_ACCEPT = `
local raw = redis.call('GET', KEYS[1])
if not raw or raw == 'closed' then return false end
local record = cjson.decode(raw)
local player = false
for _, p in ipairs(record[ARGV[2]]) do if p.userId and tostring(p.userId) == ARGV[1] then player = true end end
if not player then return false end
if type(record.accepted) ~= 'table' then record.accepted = {} end
for _, id in ipairs(record.accepted) do if tostring(id) == ARGV[1] then return raw end end
table.insert(record.accepted, tonumber(ARGV[1]))
raw = cjson.encode(record)
redis.call('SET', KEYS[1], raw, 'KEEPTTL')
return raw
`;

/**
 * KEYS: record, deadlines. ARGV: record id, user key prefix, the record's list of players, and how
 * long a "closed" mark stays in its place ('' deletes it). Ends the record and its players' keys
 * that still name it; returns it.
 */
const ANSWER_TAKE = `
local raw = redis.call('GET', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if not raw or raw == 'closed' then return false end
if ARGV[4] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], 'closed', 'PX', ARGV[4]) end
local record = cjson.decode(raw)
for _, p in ipairs(record[ARGV[3]]) do
  if p.userId then
    local key = ARGV[2] .. p.userId
    if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
  end
end
return raw
`;

type Scripted = RedisConnections['command'] & {
  answerAccept(key: string, userId: number, players: string): Promise<string | null>;
  answerTake(
    key: string,
    deadlines: string,
    id: string,
    userPrefix: string,
    players: string,
    closedTtl: number | '',
  ): Promise<string | null>;
};

/** Records awaiting their players' answers, of one kind. */
export class AnswerRecords<T extends { accepted: number[] }> {
  private readonly redis: Scripted;

  constructor(
    private readonly conn: RedisConnections,
    private readonly keys: {
      record(id: string): string;
      /** `userPrefix + userId` is a player's key. */
      userPrefix: string;
      deadlines: string;
    },
    /** The record's field that lists its players (each with a `userId`, or none for a bot). */
    private readonly players: string,
    /** How long a taken record leaves a "closed" mark, so a late answer finds it closed; none if unset. */
    private readonly closedTtl?: number,
  ) {
    const r = conn.command;
    if (!('answerAccept' in r)) {
      r.defineCommand('answerAccept', { numberOfKeys: 1, lua: ANSWER_ACCEPT });
      r.defineCommand('answerTake', { numberOfKeys: 2, lua: ANSWER_TAKE });
    }
    this.redis = r as Scripted;
  }

  async accept(id: string, userId: number): Promise<T | undefined> {
    const raw = await this.redis.answerAccept(this.keys.record(id), userId, this.players);
    return raw ? parseAnswers<T>(raw) : undefined;
  }

  async take(id: string): Promise<T | undefined> {
    const raw = await this.redis.answerTake(
      this.keys.record(id),
      this.keys.deadlines,
      id,
      this.keys.userPrefix,
      this.players,
      this.closedTtl ?? '',
    );
    return raw ? parseAnswers<T>(raw) : undefined;
  }

  /** Takes every record whose deadline has passed (a dead node's too). */
  async takeExpired(now: number): Promise<T[]> {
    const due = await this.conn.command.zrangebyscore(this.keys.deadlines, '-inf', now);
    const taken: T[] = [];
    for (const id of due) {
      const record = await this.take(id);
      if (record) taken.push(record);
    }
    return taken;
  }
}

export function parseAnswers<T extends { accepted: number[] }>(raw: string): T {
  const record = JSON.parse(raw) as T;
  // cjson writes an empty list as an empty object.
  if (!Array.isArray(record.accepted)) record.accepted = [];
  return record;
}
