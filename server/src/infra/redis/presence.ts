import type { FastifyBaseLogger } from 'fastify';
import type { PresenceStore, PresenceTransition } from '../presence-store';
import type { RedisConnections } from './connection';

/*
 * Keys (under the prefix; see docs/scale-out.md, "Presence"):
 *   presence:user:<id>        hash node id → that node's open connections of the user
 *   presence:node:<node>      set of the users the node counts
 *   presence:nodes            set of nodes that count anyone
 *   node:<node>:alive         the node's heartbeat, expiring after NODE_TTL_SECONDS
 * A user is online while their hash exists. Every script below is atomic, so exactly one caller
 * sees each online/offline transition however many nodes race.
 */

/** KEYS: user hash, node set, nodes set. ARGV: node, user, delta. Returns 1 on a transition. */
const CHANGE = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], tonumber(ARGV[3]))
if n <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('SREM', KEYS[2], ARGV[2])
  if redis.call('EXISTS', KEYS[1]) == 0 then return 1 end
  return 0
end
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[1])
if tonumber(ARGV[3]) > 0 and n == 1 and redis.call('HLEN', KEYS[1]) == 1 then return 1 end
return 0
`;

/**
 * Removes a dead node's counts, unless its heartbeat came back. KEYS: heartbeat, node set, nodes
 * set. ARGV: node, user key prefix. Returns the users that went offline.
 */
const REAP = `
if redis.call('EXISTS', KEYS[1]) == 1 then return {} end
local offline = {}
for _, user in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local key = ARGV[2] .. user
  redis.call('HDEL', key, ARGV[1])
  if redis.call('EXISTS', key) == 0 then table.insert(offline, user) end
end
redis.call('DEL', KEYS[2])
redis.call('SREM', KEYS[3], ARGV[1])
return offline
`;

/**
 * Writes this node's counts as they are (after Redis was unreachable, or this node was reaped).
 * KEYS: node set, nodes set. ARGV: node, user key prefix, then user, count pairs.
 * Returns {users now online, users now offline}.
 */
const RESTORE = `
local wanted = {}
for i = 3, #ARGV, 2 do wanted[ARGV[i]] = tonumber(ARGV[i + 1]) end
local online, offline = {}, {}
for _, user in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if not wanted[user] then
    local key = ARGV[2] .. user
    redis.call('HDEL', key, ARGV[1])
    redis.call('SREM', KEYS[1], user)
    if redis.call('EXISTS', key) == 0 then table.insert(offline, user) end
  end
end
for user, count in pairs(wanted) do
  local key = ARGV[2] .. user
  local was = redis.call('EXISTS', key)
  redis.call('HSET', key, ARGV[1], count)
  redis.call('SADD', KEYS[1], user)
  if was == 0 then table.insert(online, user) end
end
redis.call('SADD', KEYS[2], ARGV[1])
return {online, offline}
`;

/** KEYS: heartbeat. ARGV: ttl ms. Renews it; returns 0 when it had expired (this node was given up). */
const BEAT = `
local had = redis.call('PEXPIRE', KEYS[1], ARGV[1])
if had == 0 then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end
return had
`;

export interface RedisPresenceOptions {
  nodeId: string;
  heartbeatMs: number;
  nodeTtlMs: number;
  log: FastifyBaseLogger;
}

type Scripted = RedisConnections['command'] & {
  presenceChange(
    k1: string,
    k2: string,
    k3: string,
    node: string,
    user: number,
    delta: number,
  ): Promise<number>;
  presenceReap(k1: string, k2: string, k3: string, node: string, userPrefix: string): Promise<string[]>;
  presenceRestore(
    k1: string,
    k2: string,
    node: string,
    userPrefix: string,
    ...pairs: (string | number)[]
  ): Promise<[string[], string[]]>;
  presenceBeat(k1: string, ttl: number): Promise<number>;
};

/**
 * Presence shared by every node: per user a count per node, per node a heartbeat. A node that stops
 * beating (killed) is reaped by whichever node notices first: its users' counts go and those left
 * with none go offline, within NODE_TTL_SECONDS plus one beat. This node's own counts are also kept
 * in memory, so after an outage it writes them back exactly (see `resync`).
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly counts = new Map<number, number>();
  private readonly listeners = new Set<(t: PresenceTransition) => void>();
  /** Redis missed a change of ours: write everything back at the next beat. */
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private readonly redis: Scripted;

  constructor(
    private readonly conn: RedisConnections,
    private readonly options: RedisPresenceOptions,
  ) {
    const r = conn.command;
    if (!('presenceChange' in r)) {
      r.defineCommand('presenceChange', { numberOfKeys: 3, lua: CHANGE });
      r.defineCommand('presenceReap', { numberOfKeys: 3, lua: REAP });
      r.defineCommand('presenceRestore', { numberOfKeys: 2, lua: RESTORE });
      r.defineCommand('presenceBeat', { numberOfKeys: 1, lua: BEAT });
    }
    this.redis = r as Scripted;
  }

  /** Starts beating (and reaping dead nodes) every heartbeat interval. */
  start(): void {
    this.beat();
    this.timer = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.timer.unref();
  }

  /** Stops beating and gives this node's presence up, so other nodes see its users leave now. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    try {
      await this.conn.command.del(this.heartbeatKey(this.options.nodeId));
    } catch (error) {
      this.options.log.warn({ err: error }, 'presence: could not drop this node’s heartbeat');
    }
  }

  onTransition(listener: (t: PresenceTransition) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async connect(userId: number): Promise<boolean> {
    this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
    return this.change(userId, 1);
  }

  async disconnect(userId: number): Promise<boolean> {
    // Never counted here: nothing to take back (and no false "offline" for someone else's count).
    if (!this.counts.has(userId)) return false;
    const count = this.counts.get(userId)! - 1;
    if (count > 0) this.counts.set(userId, count);
    else this.counts.delete(userId);
    return this.change(userId, -1);
  }

  async isOnline(userId: number): Promise<boolean> {
    return (await this.conn.command.exists(this.userKey(userId))) === 1;
  }

  async onlineAmong(userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const pipeline = this.conn.command.pipeline();
    for (const id of userIds) pipeline.exists(this.userKey(id));
    const results = (await pipeline.exec()) ?? [];
    return userIds.filter((_, i) => {
      const [error, value] = results[i] ?? [new Error('no answer'), 0];
      if (error) throw error;
      return value === 1;
    });
  }

  /** One beat: renew, write back what Redis missed, reap dead nodes. Never rejects. */
  beat(): Promise<void> {
    this.beating = this.beating.then(() =>
      this.beatOnce().catch((error: unknown) => {
        this.dirty = true;
        this.options.log.warn({ err: error }, 'presence: heartbeat failed');
      }),
    );
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    const node = this.options.nodeId;
    const alive = await this.redis.presenceBeat(this.heartbeatKey(node), this.options.nodeTtlMs);
    if (alive === 0 || this.dirty) await this.resync();
    for (const other of await this.conn.command.smembers(this.key('nodes'))) {
      if (other === node) continue;
      const offline = await this.redis.presenceReap(
        this.heartbeatKey(other),
        this.key('node', other),
        this.key('nodes'),
        other,
        this.key('user', ''),
      );
      if (offline.length > 0)
        this.options.log.info({ node: other, users: offline.length }, 'presence: reaped a dead node');
      for (const user of offline) this.emit({ userId: Number(user), online: false });
    }
  }

  /** Makes Redis hold exactly this node's counts; tells listeners of users that changed meanwhile. */
  private async resync(): Promise<void> {
    const node = this.options.nodeId;
    const pairs = [...this.counts].flatMap(([user, count]) => [user, count]);
    const [online, offline] = await this.redis.presenceRestore(
      this.key('node', node),
      this.key('nodes'),
      node,
      this.key('user', ''),
      ...pairs,
    );
    this.dirty = false;
    for (const user of online) this.emit({ userId: Number(user), online: true });
    for (const user of offline) this.emit({ userId: Number(user), online: false });
  }

  private async change(userId: number, delta: 1 | -1): Promise<boolean> {
    const node = this.options.nodeId;
    try {
      const changed = await this.redis.presenceChange(
        this.userKey(userId),
        this.key('node', node),
        this.key('nodes'),
        node,
        userId,
        delta,
      );
      return changed === 1;
    } catch (error) {
      // The socket itself works; Redis gets this node's counts back at the first beat it answers,
      // and the transitions that were missed are announced then.
      this.dirty = true;
      this.options.log.warn({ err: error, userId }, 'presence: Redis missed a connection change');
      return false;
    }
  }

  private emit(transition: PresenceTransition): void {
    for (const listener of this.listeners) {
      try {
        listener(transition);
      } catch (error) {
        this.options.log.error({ err: error }, 'presence: a listener failed');
      }
    }
  }

  private key(...parts: (string | number)[]): string {
    return this.conn.key('presence', ...parts);
  }

  private userKey(userId: number): string {
    return this.key('user', userId);
  }

  private heartbeatKey(node: string): string {
    return this.conn.key('node', node, 'alive');
  }
}
