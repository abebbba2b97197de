import type { RematchOffer, RematchStore } from '../rematch-store';
import { AnswerRecords, parseAnswers } from './answers';
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

/**
 * How long an offer's record (and the "closed" mark after it) lives: well past the 30-s window,
 * so a late answer finds the game closed rather than opening a second offer.
 */
const REMATCH_LINGER_MS = 20 * 60_000;

type Scripted = RedisConnections['command'] & {
  rematchOpen(...args: (string | number)[]): Promise<string>;
};

function scripted(conn: RedisConnections): Scripted {
  const r = conn.command;
  if (!('rematchOpen' in r)) r.defineCommand('rematchOpen', { numberOfKeys: 2, lua: REMATCH_OPEN });
  return r as Scripted;
}

export class RedisRematchStore implements RematchStore {
  private readonly redis: Scripted;
  /** Accepting, taking and expiring: what offers share with pending matches. */
  private readonly offers: AnswerRecords<RematchOffer>;

  constructor(private readonly conn: RedisConnections) {
    this.redis = scripted(conn);
    this.offers = new AnswerRecords(
      conn,
      {
        record: (gameId) => this.offerKey(gameId),
        userPrefix: this.userKey(''),
        deadlines: this.deadlinesKey(),
      },
      'seats',
      REMATCH_LINGER_MS,
    );
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
    return raw === 'closed' ? 'closed' : parseAnswers<RematchOffer>(raw);
  }

  accept(gameId: string, userId: number): Promise<RematchOffer | undefined> {
    return this.offers.accept(gameId, userId);
  }

  async peek(gameId: string): Promise<RematchOffer | undefined> {
    const raw = await this.conn.command.get(this.offerKey(gameId));
    return raw && raw !== 'closed' ? parseAnswers<RematchOffer>(raw) : undefined;
  }

  async openFor(userId: number): Promise<string | undefined> {
    return (await this.conn.command.get(this.userKey(userId))) ?? undefined;
  }

  take(gameId: string): Promise<RematchOffer | undefined> {
    return this.offers.take(gameId);
  }

  takeExpired(now: number): Promise<RematchOffer[]> {
    return this.offers.takeExpired(now);
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
