import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TARGET_SCORE } from '@shared/constants';
import { applyPlay, botPersonaOf, legalCards } from '@shared/game';
import type { ServerMessage } from '@shared/protocol';
import { PreparedFrame } from '../infra/frame';
import { LocalRoomDirectory } from '../infra/room-directory';
import { RoomManager } from './manager';
import { AlreadyInGameError } from './room';
import {
  StaleWriteError,
  type Finish,
  type Finished,
  type GameStore,
  type NewGame,
  type Progress,
} from './store';
import type { RoomSnapshot } from './types';

/** A GameStore in memory: rooms run against the seam alone, with no database behind it. */
class MemoryStore implements GameStore {
  readonly games = new Map<string, RoomSnapshot>();
  readonly playing = new Map<number, string>();
  readonly saves: { progress: Progress; finish: Finish | null }[] = [];
  /** What the store reports each player earned when a game finishes. */
  rewards = new Map<number, { currency: number; premiumCurrency: number }>();
  /** The avatar each user chose, by user id. */
  avatars = new Map<number, string>();
  avatarLookups: number[][] = [];

  async insertGame({ snapshot }: NewGame) {
    const humans = snapshot.players.flatMap((p) => (p.userId === null ? [] : [p.userId]));
    const busy = humans.filter((id) => this.playing.has(id));
    if (busy.length > 0) return busy;
    for (const id of humans) this.playing.set(id, snapshot.id);
    this.games.set(snapshot.id, structuredClone(snapshot));
    return [];
  }
  async save(progress: Progress, finish: Finish | null): Promise<Finished | undefined> {
    const game = this.games.get(progress.gameId)!;
    // Fenced like the SQL store: a write from a node that lost the game is refused.
    if (game.seq !== progress.seq - 1 || game.status !== 'active')
      throw new StaleWriteError(progress.gameId, progress.seq);
    this.saves.push({ progress, finish });
    Object.assign(game, { seq: progress.seq, state: progress.state });
    if (finish) {
      Object.assign(game, { status: 'finished', winnerUserId: finish.winnerUserId, reason: finish.reason });
      for (const [userId, gameId] of this.playing) if (gameId === game.id) this.playing.delete(userId);
      return { ratingChange: undefined, rewards: this.rewards };
    }
    return undefined;
  }
  async start(gameId: string, turnDeadline: number | null) {
    const game = this.games.get(gameId);
    if (game?.status !== 'waiting') return false;
    Object.assign(game, { status: 'active', turnDeadline });
    return true;
  }
  async cancel(gameId: string) {
    const game = this.games.get(gameId);
    if (game?.status !== 'waiting') return false;
    game.status = 'cancelled';
    for (const [userId, id] of this.playing) if (id === gameId) this.playing.delete(userId);
    return true;
  }
  async liveIds() {
    return [...this.games.values()]
      .filter((g) => g.status === 'active' || g.status === 'waiting')
      .map((g) => g.id);
  }
  async load(gameId: string) {
    return this.games.get(gameId);
  }
  async activeGameOf(userId: number) {
    const id = this.playing.get(userId);
    return id ? { id, mode: this.games.get(id)!.mode } : undefined;
  }
  async playingAmong(userIds: readonly number[]) {
    return userIds.filter((id) => this.playing.has(id));
  }
  async avatarsOf(userIds: readonly number[]) {
    this.avatarLookups.push([...userIds]);
    return new Map([...this.avatars].filter(([id]) => userIds.includes(id)));
  }
}

function manager(
  store: GameStore,
  sent: [number, ServerMessage][] = [],
  extra: Partial<ConstructorParameters<typeof RoomManager>[0]> = {},
) {
  const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
  return new RoomManager({
    store,
    now: () => 1_000,
    timings: {
      turnMs: 60_000,
      reconnectGraceMs: 60_000,
      matchAcceptMs: 10_000,
      rematchMs: 10_000,
      rematchReturnMs: 5000,
      botDelayMs: 60_000,
      heartbeatMs: 30_000,
      wsMessagesPerSecond: 10,
      wsAuthTimeoutMs: 10_000,
    },
    log: silent,
    send: (userId, message) =>
      void sent.push([userId, message instanceof PreparedFrame ? message.message : message]),
    isConnected: () => true,
    blockedPartnersOf: async () => [],
    directory: new LocalRoomDirectory(),
    ...extra,
  });
}

const ama = { userId: 1, username: 'ama' };
const kofi = { userId: 2, username: 'kofi' };

describe('RoomManager over a GameStore', () => {
  it('refuses a game for a player the store says is already playing, and writes nothing', async () => {
    const store = new MemoryStore();
    const rooms = manager(store);
    const first = await rooms.create('quick', [ama, kofi]);
    const refused = await rooms.create('practice', [ama, { bot: 'easy' }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AlreadyInGameError);
    expect((refused as AlreadyInGameError).userIds).toEqual([1]);
    expect([...store.games.keys()]).toEqual([first.id]);
    rooms.stop();
  });

  it('ends its games at the target it was given, the rules’ by default, and at a game’s own when it has one (a tournament’s)', async () => {
    const store = new MemoryStore();
    const rules = manager(store);
    const byDefault = await rules.create('quick', [ama, kofi]);
    expect(store.games.get(byDefault.id)!.state.targetScore).toBe(TARGET_SCORE);
    rules.stop();
    const quicker = manager(store, [], { targetScore: 3 });
    const quick = await quicker.create('practice', [{ userId: 3, username: 'esi' }, { bot: 'easy' }]);
    expect(store.games.get(quick.id)!.state.targetScore).toBe(3);
    const own = await quicker.create(
      'ranked',
      [
        { userId: 4, username: 'yaw' },
        { userId: 5, username: 'efua' },
      ],
      null,
      {
        targetScore: 7,
      },
    );
    expect(store.games.get(own.id)!.state.targetScore).toBe(7);
    quicker.stop();
  });

  it('a resignation is saved with its finish in one call, which frees both players', async () => {
    const store = new MemoryStore();
    const sent: [number, ServerMessage][] = [];
    const rooms = manager(store, sent);
    const room = await rooms.create('ranked', [ama, kofi]);
    await room.resign(ama.userId);
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]!.finish).toMatchObject({ mode: 'ranked', winnerUserId: 2, reason: 'resign' });
    expect(store.saves[0]!.progress).toMatchObject({ gameId: room.id, seq: 1, move: null });
    expect(sent.filter(([, m]) => m.type === 'GAME_OVER').map(([id]) => id)).toEqual([1, 2]);
    expect(await rooms.hasActiveGame(ama.userId)).toBe(false);
    expect((await rooms.create('quick', [ama, kofi])).status).toBe('active');
    rooms.stop();
  });

  // The device's practice does the same (renderer/src/features/game/local/localGame.test.ts).
  it.each([2, 3])(
    'practice against %i bots: resigning ends the game at once, the player never marked as left',
    async (bots) => {
      const store = new MemoryStore();
      const sent: [number, ServerMessage][] = [];
      const rooms = manager(store, sent);
      const room = await rooms.create('practice', [
        ...Array.from({ length: bots }, () => ({ bot: 'easy' as const })),
        ama,
      ]);
      const before = room.join(ama.userId);
      await room.resign(ama.userId);
      const updates = sent.flatMap(([, m]) => (m.type === 'GAME_UPDATE' ? [m] : []));
      expect(updates.at(-1)).toMatchObject({
        seq: before.seq + 1,
        events: [{ kind: 'GAME_OVER', winnerUserId: null, reason: 'resign' }],
      });
      expect(updates.at(-1)!.events).toHaveLength(1);
      expect(sent.find(([, m]) => m.type === 'GAME_OVER')![1]).toMatchObject({
        winnerUserId: null,
        reason: 'resign',
        scores: before.players.map((p) => p.score),
      });
      expect(store.saves).toHaveLength(1);
      expect(store.saves[0]!.progress.state.resigned ?? []).toEqual([]);
      expect(room.status).toBe('finished');
      rooms.stop();
    },
  );

  it('GAME_OVER tells each player what they earned and spectators nothing of it', async () => {
    const store = new MemoryStore();
    store.rewards = new Map([
      [ama.userId, { currency: 15, premiumCurrency: 0 }],
      [kofi.userId, { currency: 50, premiumCurrency: 0 }],
    ]);
    const sent: [number, ServerMessage][] = [];
    const rooms = manager(store, sent);
    const room = await rooms.create('quick', [ama, kofi]);
    room.join(3);
    await room.resign(ama.userId);
    const over = new Map(sent.flatMap(([id, m]) => (m.type === 'GAME_OVER' ? [[id, m] as const] : [])));
    expect([...over.keys()]).toEqual([1, 2, 3]);
    expect(over.get(1)!.rewards).toEqual({ currency: 15, premiumCurrency: 0 });
    expect(over.get(2)!.rewards).toEqual({ currency: 50, premiumCurrency: 0 });
    expect(over.get(3)!.rewards).toBeUndefined();
    expect(over.get(3)).toMatchObject({ winnerUserId: 2, reason: 'resign' });
    rooms.stop();
  });

  it('an idle room hands a play to the store at once; a play arriving meanwhile waits for it', async () => {
    const store = new MemoryStore();
    const rooms = manager(store);
    const room = await rooms.create('quick', [ama, kofi]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const save = store.save.bind(store);
    let handed = 0;
    store.save = async (progress, finish) => {
      handed++;
      if (progress.seq === 1) await gate;
      return save(progress, finish);
    };
    const start = store.games.get(room.id)!.state;
    const first = start.turn!;
    const firstCard = legalCards(start, first)[0]!;
    const next = applyPlay(start, first, firstCard).state;
    const second = next.turn!;
    const userOf = (seat: number) => [ama, kofi][seat]!.userId;

    const playing = room.play(userOf(first), firstCard, 0);
    // Handed over in the same call: no turn of the event loop between the frame and its write.
    expect(handed).toBe(1);
    const waiting = room.play(userOf(second), legalCards(next, second)[0]!, 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(handed).toBe(1);
    release();
    await Promise.all([playing, waiting]);
    expect(store.saves.map((s) => s.progress.seq)).toEqual([1, 2]);
    rooms.stop();
  });

  it('resumes the active games the store holds, and ignores finished ones', async () => {
    const store = new MemoryStore();
    const before = manager(store);
    const running = await before.create('quick', [ama, kofi]);
    const done = await before.create('practice', [{ userId: 3, username: 'esi' }, { bot: 'easy' }]);
    await done.resign(3);
    before.stop();
    const after = manager(store);
    expect(await after.start()).toBe(1);
    expect(after.activeGameOf(ama.userId)?.id).toBe(running.id);
    expect(after.activeGameOf(3)).toBeUndefined();
    after.stop();
  });

  it('resumes many games in slices, handing the event loop back between them, and a game asked for meanwhile at once', async () => {
    const store = new MemoryStore();
    const before = manager(store);
    const games: string[] = [];
    for (let i = 0; i < 40; i++) {
      const room = await before.create('quick', [
        { userId: 100 + 2 * i, username: `p${2 * i}` },
        { userId: 101 + 2 * i, username: `p${2 * i + 1}` },
      ]);
      games.push(room.id);
    }
    before.stop();
    // A slice of 0 ms yields after every game: what else is waiting runs in between.
    const after = manager(store, [], { resumeSliceMs: 0 });
    const seenBetween: number[] = [];
    const last = games.at(-1)!;
    const probe = (): void => {
      seenBetween.push(games.filter((id) => after.hosted(id)).length);
      if (seenBetween.length < 3) setImmediate(probe);
    };
    setImmediate(probe);
    const resumed = after.start();
    // A player of the last game joins before the resume reaches it: the room is there at once.
    const early = await after.get(last);
    expect(early.id).toBe(last);
    expect(await resumed).toBe(40);
    expect(seenBetween.length).toBe(3);
    // Other work ran while the resume was part-way: neither before any game nor after all of them.
    expect(seenBetween.some((n) => n > 0 && n < 40)).toBe(true);
    expect(games.every((id) => after.hosted(id))).toBe(true);
    // The early join and the resume share one room.
    expect(after.hosted(last)).toBe(early);
    after.stop();
  });

  it('seats each human with the avatar the store knows for them, and bots with none', async () => {
    const store = new MemoryStore();
    store.avatars = new Map([
      [ama.userId, '/assets/shop/avatars/lion.svg'],
      [9, '/assets/shop/avatars/owl.svg'],
    ]);
    const rooms = manager(store);
    const practice = await rooms.create('practice', [{ bot: 'hard' }, ama]);
    // Bots are never looked up.
    expect(store.avatarLookups).toEqual([[ama.userId]]);
    const [bot, human] = practice.join(ama.userId).players;
    expect(bot).toMatchObject({ avatarUrl: null, isBot: true });
    expect(botPersonaOf(bot!.username)).toBeDefined();
    expect(bot!.username).toMatch(/ \(hard\)$/);
    expect(human).toMatchObject({ username: 'ama', avatarUrl: '/assets/shop/avatars/lion.svg' });
    await practice.resign(ama.userId);
    // Someone else's avatar is not handed to a player who shows their initials.
    const quick = await rooms.create('quick', [ama, kofi]);
    expect(quick.join(kofi.userId).players.map((p) => p.avatarUrl)).toEqual([
      '/assets/shop/avatars/lion.svg',
      null,
    ]);
    rooms.stop();
  });
});
