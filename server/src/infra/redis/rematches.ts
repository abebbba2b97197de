import type { RematchOffer, RematchStore } from '../rematch-store';
import type { RedisConnections } from './connection';

/*
 * Keys (under the prefix; see docs/scale-out.md, "Queues and matches"):
 *   rematch:game:<gameId>      the open offer (JSON), or "closed" once it was taken
 *   rematch:user:<id>          the game whose offer waits for the user
 *   rematch:deadlines          sorted set of game ids by deadline, for expiring a dead node's offers
 */

/** KEYS: offer, deadlines. ARGV: JSON, game id, deadline, ttl, user key prefix, user ids… */
const REMATCH_OPEN = `
local raw = redis.call('GET', KEYS[1])
if raw then return raw end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
for i = 6, #ARGV do redis.call('SET', ARGV[5] .. ARGV[i], ARGV[2], 'PX', ARGV[4]) end
return ARGV[1]
`;

/** KEYS: offer. ARGV: user id. Adds an acceptance; returns the offer JSON, or nil if none or not theirs. */
const REMATCH_ACCEPT = `
local raw = redis.call('GET', KEYS[1])
if not raw or raw == 'closed' then return false end
local offer = cjson.decode(raw)
local player = false
for _, s in ipairs(offer.seats) do if s.userId and tostring(s.userId) == ARGV[1] then player = true end end
if not player then return false end
if type(offer.accepted) ~= 'table' then offer.accepted = {} end
for _, id in ipairs(offer.accepted) do if tostring(id) == ARGV[1] then return raw end end
table.insert(offer.accepted, tonumber(ARGV[1]))
raw = cjson.encode(offer)
redis.call('SET', KEYS[1], raw, 'KEEPTTL')
return raw
`;

/** KEYS: offer, deadlines. ARGV: game id, user key prefix, ttl. Closes the offer; returns it. */
const REMATCH_TAKE = `
local raw = redis.call('GET', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if not raw or raw == 'closed' then return false end
redis.call('SET', KEYS[1], 'closed', 'PX', ARGV[3])
local offer = cjson.decode(raw)
for _, s in ipairs(offer.seats) do
  if s.userId then
    local key = ARGV[2] .. s.userId
    if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
  end
end
return raw
`;

/**
 * How long an offer's record (and the "closed" mark after it) lives: well past the 30-s window,
 * so a late answer finds the game closed rather than opening a second offer.
 */
const REMATCH_LINGER_MS = 20 * 60_000;

type Scripted = RedisConnections['command'] & {
  rematchOpen(...args: (string | number)[]): Promise<string>;
  rematchAccept(key: string, userId: number): Promise<string | null>;
  rematchTake(
    key: string,
    deadlines: string,
    gameId: string,
    userPrefix: string,
    ttl: number,
  ): Promise<string | null>;
};

function scripted(conn: RedisConnections): Scripted {
  const r = conn.command;
  if (!('rematchOpen' in r)) {
    r.defineCommand('rematchOpen', { numberOfKeys: 2, lua: REMATCH_OPEN });
    r.defineCommand('rematchAccept', { numberOfKeys: 1, lua: REMATCH_ACCEPT });
    r.defineCommand('rematchTake', { numberOfKeys: 2, lua: REMATCH_TAKE });
  }
  return r as Scripted;
}

export class RedisRematchStore implements RematchStore {
  private readonly redis: Scripted;

  constructor(private readonly conn: RedisConnections) {
    this.redis = scripted(conn);
  }

  async open(offer: RematchOffer): Promise<RematchOffer | 'closed'> {
    const humans = offer.seats.flatMap((s) => ('bot' in s ? [] : [s.userId]));
    const raw = await this.redis.rematchOpen(
      this.offerKey(offer.gameId),
      this.deadlinesKey(),
      JSON.stringify(offer),
      offer.gameId,
      offer.deadline,
      REMATCH_LINGER_MS,
      this.userKey(''),
      ...humans,
    );
    return raw === 'closed' ? 'closed' : parseOffer(raw);
  }

  async accept(gameId: string, userId: number): Promise<RematchOffer | undefined> {
    const raw = await this.redis.rematchAccept(this.offerKey(gameId), userId);
    return raw ? parseOffer(raw) : undefined;
  }

  async peek(gameId: string): Promise<RematchOffer | undefined> {
    const raw = await this.conn.command.get(this.offerKey(gameId));
    return raw && raw !== 'closed' ? parseOffer(raw) : undefined;
  }

  async openFor(userId: number): Promise<string | undefined> {
    return (await this.conn.command.get(this.userKey(userId))) ?? undefined;
  }

  async take(gameId: string): Promise<RematchOffer | undefined> {
    const raw = await this.redis.rematchTake(
      this.offerKey(gameId),
      this.deadlinesKey(),
      gameId,
      this.userKey(''),
      REMATCH_LINGER_MS,
    );
    return raw ? parseOffer(raw) : undefined;
  }

  async takeExpired(now: number): Promise<RematchOffer[]> {
    const due = await this.conn.command.zrangebyscore(this.deadlinesKey(), '-inf', now);
    const taken: RematchOffer[] = [];
    for (const gameId of due) {
      const offer = await this.take(gameId);
      if (offer) taken.push(offer);
    }
    return taken;
  }

  private offerKey(gameId: string) {
    // Its own segment: a game id can never name the user or deadline keys.
    return this.conn.key('rematch', 'game', gameId);
  }

  private userKey(userId: number | '') {
    return this.conn.key('rematch', 'user', userId);
  }

  private deadlinesKey() {
    return this.conn.key('rematch', 'deadlines');
  }
}

function parseOffer(raw: string): RematchOffer {
  const offer = JSON.parse(raw) as RematchOffer;
  // cjson writes an empty list as an empty object.
  if (!Array.isArray(offer.accepted)) offer.accepted = [];
  return offer;
}
