import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lowestLegalCard } from '@shared/game';
import type { ServerMessage } from '@shared/protocol';
import { LocalBus } from '../infra/bus';
import { PreparedFrame } from '../infra/frame';
import type { RoomDirectory } from '../infra/room-directory';
import { RoomElsewhereError, RoomManager } from './manager';
import { RoomError } from './room';
import { StaleWriteError, type GameStore, type Progress } from './store';
import type { RoomSnapshot } from './types';

/**
 * Several RoomManagers (nodes) on one store, one directory and one bus, as in a cluster: a lease
 * is a deadline on a shared clock that the test moves, so a node "dies" by not renewing.
 */
class SharedLeases {
  readonly leases = new Map<string, { node: string; until: number }>();
  constructor(
    readonly clock: { time: number },
    readonly leaseMs: number,
  ) {}
  private view() {
    return {
      clock: this.clock,
      leaseMs: this.leaseMs,
      leases: this.leases,
      live: (id: string) => this.live(id),
    };
  }
  live(gameId: string) {
    const lease = this.leases.get(gameId);
    return lease && lease.until > this.clock.time ? lease : undefined;
  }
  directory(nodeId: string): RoomDirectory {
    const shared = this.view();
    return {
      nodeId,
      async claim(gameId) {
        const lease = shared.live(gameId);
        if (lease && lease.node !== nodeId) return false;
        shared.leases.set(gameId, { node: nodeId, until: shared.clock.time + shared.leaseMs });
        return true;
      },
      async renew(gameIds) {
        return gameIds.filter((id) => {
          const lease = shared.live(id);
          if (lease?.node !== nodeId) return true;
          lease.until = shared.clock.time + shared.leaseMs;
          return false;
        });
      },
      async release(gameId) {
        if (shared.live(gameId)?.node === nodeId) shared.leases.delete(gameId);
      },
      async ownerOf(gameId) {
        return shared.live(gameId)?.node ?? null;
      },
    };
  }
}

/** Just enough of a GameStore for two-player games, fenced on seq like the SQL one. */
class Store implements Partial<GameStore> {
  readonly games = new Map<string, RoomSnapshot>();
  readonly moves: Progress['move'][] = [];
  async insertGame({ snapshot }: { snapshot: RoomSnapshot }) {
    this.games.set(snapshot.id, structuredClone(snapshot));
    return [];
  }
  async save(p: Progress) {
    const game = this.games.get(p.gameId)!;
    if (game.seq !== p.seq - 1 || game.status !== 'active') throw new StaleWriteError(p.gameId, p.seq);
    Object.assign(game, { seq: p.seq, state: structuredClone(p.state), turnDeadline: p.turnDeadline });
    this.moves.push(p.move);
    return undefined;
  }
  async liveIds() {
    return [...this.games.values()].filter((g) => g.status === 'active').map((g) => g.id);
  }
  async load(gameId: string) {
    const game = this.games.get(gameId);
    return game && structuredClone(game);
  }
  async avatarsOf() {
    return new Map<number, string>();
  }
}

const TURN_MS = 60_000;
const LEASE_MS = 10_000;
const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

function cluster() {
  const clock = { time: 1_000_000 };
  const leases = new SharedLeases(clock, LEASE_MS);
  const store = new Store();
  const bus = new LocalBus();
  const sent: [number, ServerMessage][] = [];
  const node = (id: string) =>
    new RoomManager({
      store: store as unknown as GameStore,
      now: () => clock.time,
      timings: {
        turnMs: TURN_MS,
        reconnectGraceMs: 60_000,
        matchAcceptMs: 10_000,
        rematchMs: 10_000,
        rematchReturnMs: 5000,
        botDelayMs: 60_000,
        heartbeatMs: 30_000,
        wsMessagesPerSecond: 10,
        wsAuthTimeoutMs: 10_000,
      },
      log: quiet,
      send: (userId, message) =>
        void sent.push([userId, message instanceof PreparedFrame ? message.message : message]),
      // No socket of theirs on the room's node: who is online comes from presence alone.
      isConnected: () => false,
      blockedPartnersOf: async () => [],
      directory: leases.directory(id),
      bus,
      onlineAmong: async (ids) => [...ids],
    });
  return { clock, leases, store, sent, node };
}

const ama = { userId: 1, username: 'ama' };
const kofi = { userId: 2, username: 'kofi' };

/** The player to move in `room` plays their lowest legal card. */
async function playOne(room: Awaited<ReturnType<RoomManager['get']>>) {
  const seat = room.state.turn!;
  await room.play(room.players[seat]!.userId!, lowestLegalCard(room.state, seat), room.seq);
}

describe('rooms across nodes', () => {
  it('a live owner keeps its room: another node is sent to it', async () => {
    const { node } = cluster();
    const a = node('a');
    const b = node('b');
    const room = await a.create('quick', [ama, kofi]);
    await expect(b.get(room.id)).rejects.toEqual(new RoomElsewhereError(room.id, 'a'));
    a.stop();
    b.stop();
  });

  it('a dead owner’s room is adopted at its stored seq with a full turn, and the old copy is fenced off', async () => {
    const { clock, store, node, sent } = cluster();
    const a = node('a');
    const b = node('b');
    const room = await a.create('quick', [ama, kofi]);
    await playOne(room);
    await playOne(room);
    expect(room.seq).toBe(2);
    // Node a stops renewing (it hangs or died); its lease lapses.
    clock.time += LEASE_MS + 1;
    const adopted = await b.get(room.id);
    expect(adopted).not.toBe(room);
    expect(adopted.seq).toBe(2);
    expect(adopted.state).toEqual(room.state);
    expect(adopted.turnDeadline).toBe(clock.time + TURN_MS);
    // Both players hear the fresh clock.
    const turns = sent.filter(
      ([, m]) =>
        m.type === 'GAME_UPDATE' &&
        m.events.some((e) => e.kind === 'TURN' && e.deadline === adopted.turnDeadline),
    );
    expect(turns.map(([id]) => id).sort()).toEqual([1, 2]);
    // The adopter carries on from the same seq.
    const stale = structuredClone(room.state);
    await playOne(adopted);
    expect(store.games.get(room.id)!.seq).toBe(3);
    // The old owner wakes up and tries the move it had: refused, nothing written, its copy gone.
    const seat = stale.turn!;
    await expect(room.play(room.players[seat]!.userId!, lowestLegalCard(stale, seat), 2)).rejects.toEqual(
      new RoomError('GAME_NOT_FOUND', 'This game moved to another server; join it again'),
    );
    expect(store.games.get(room.id)!.seq).toBe(3);
    expect(store.moves).toHaveLength(3);
    expect(a.activeGameOf(ama.userId)).toBeUndefined();
    a.stop();
    b.stop();
  });

  it('renewal keeps a lease past its length; a node that lost it drops the room', async () => {
    const { clock, leases, node } = cluster();
    const a = node('a');
    const b = node('b');
    const room = await a.create('quick', [ama, kofi]);
    for (let i = 0; i < 5; i++) {
      clock.time += LEASE_MS / 2;
      await a.renewLeases();
    }
    await expect(b.get(room.id)).rejects.toBeInstanceOf(RoomElsewhereError);
    // Someone else holds it now (a's lease lapsed during a long pause).
    leases.leases.set(room.id, { node: 'b', until: clock.time + LEASE_MS });
    await a.renewLeases();
    expect(a.activeGameOf(ama.userId)).toBeUndefined();
    a.stop();
    b.stop();
  });

  it('a draining node hands its rooms off and a peer adopts them without waiting for the lease', async () => {
    const { clock, leases, node } = cluster();
    const a = node('a');
    const b = node('b');
    const room = await a.create('quick', [ama, kofi]);
    await playOne(room);
    const start = clock.time;
    expect(await a.handoff()).toEqual([room.id]);
    // The handoff message reaches b, which adopts at once (no clock movement at all).
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(clock.time).toBe(start);
    expect(leases.live(room.id)?.node).toBe('b');
    const adopted = await b.get(room.id);
    expect(adopted.seq).toBe(1);
    expect(b.activeGameOf(kofi.userId)?.id).toBe(room.id);
    // The drained node takes nothing new.
    await expect(a.get(room.id)).rejects.toBeInstanceOf(RoomElsewhereError);
    a.stop();
    b.stop();
  });

  it('the sweep adopts an orphaned game nobody asked for', async () => {
    const { clock, node, store } = cluster();
    const a = node('a');
    const b = node('b');
    const room = await a.create('quick', [ama, kofi]);
    expect(await b.sweep()).toBe(0);
    clock.time += LEASE_MS + 1;
    expect(await b.sweep()).toBe(1);
    expect(b.activeGameOf(ama.userId)?.id).toBe(room.id);
    expect(store.games.get(room.id)!.seq).toBe(0);
    a.stop();
    b.stop();
  });

  it('presence reaches rooms on every node', async () => {
    const { node } = cluster();
    const a = node('a');
    const b = node('b');
    const room = await a.create('quick', [ama, kofi]);
    const connected = () => room.join(ama.userId).players.map((p) => [p.userId, p.connected]);
    expect(connected()).toEqual([
      [room.players[0]!.userId, true],
      [room.players[1]!.userId, true],
    ]);
    // The gateway of node b saw kofi's last socket close, then kofi come back there.
    b.userDisconnected(kofi.userId);
    expect(connected().find(([id]) => id === kofi.userId)).toEqual([kofi.userId, false]);
    b.userConnected(kofi.userId);
    expect(connected().find(([id]) => id === kofi.userId)).toEqual([kofi.userId, true]);
    a.stop();
    b.stop();
  });
});
