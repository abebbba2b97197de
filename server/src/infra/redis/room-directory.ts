import type { Redis } from 'ioredis';
import type { RoomDirectory } from '../room-directory';

/**
 * The room directory in Redis (see docs/scale-out.md, "Room directory"): one key per live room,
 * `<prefix>room:<gameId>` → owner node id, with a lease (PX) the owner renews. Every change is a
 * Lua script comparing the owner first, so a node can only renew or release a lease it holds and
 * a lapsed lease (the key expired) is free for the next claim.
 */
const CLAIM = `
local owner = redis.call('GET', KEYS[1])
if owner == false or owner == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

/** Returns the 1-based positions of the keys whose lease this node no longer holds. */
const RENEW = `
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** How many leases one RENEW call touches, so a node with many rooms never blocks Redis long. */
const RENEW_BATCH = 500;

export class RedisRoomDirectory implements RoomDirectory {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly nodeId: string,
    private readonly leaseMs: number,
  ) {}

  private key(gameId: string): string {
    return `${this.prefix}room:${gameId}`;
  }

  async claim(gameId: string): Promise<boolean> {
    const won = await this.redis.eval(CLAIM, 1, this.key(gameId), this.nodeId, this.leaseMs);
    return won === 1;
  }

  async renew(gameIds: readonly string[]): Promise<string[]> {
    const lost: string[] = [];
    for (let start = 0; start < gameIds.length; start += RENEW_BATCH) {
      const batch = gameIds.slice(start, start + RENEW_BATCH);
      const keys = batch.map((id) => this.key(id));
      const positions = (await this.redis.eval(
        RENEW,
        keys.length,
        ...keys,
        this.nodeId,
        this.leaseMs,
      )) as number[];
      for (const position of positions) lost.push(batch[position - 1]!);
    }
    return lost;
  }

  async release(gameId: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(gameId), this.nodeId);
  }

  async ownerOf(gameId: string): Promise<string | null> {
    return this.redis.get(this.key(gameId));
  }
}
