import { describe, expect, it } from 'vitest';
import { DECK, botPersonaOf, botUsernames, type BotLevel } from '@shared/game';
import { applyDelta, deltaFollows, parseServerMessage, type GameView } from '@shared/protocol';
import { LocalGame, type LocalGameMessage } from './localGame';

const player = { userId: 7, username: 'ada', avatarUrl: null };

function game(bots: number, seat = 0, seed = 11, level: BotLevel = 'medium') {
  return new LocalGame({ gameId: 'local-1', seed, player, bots, level, seat });
}

/** What the player's client holds, following every message as useGameRoom does. */
class Client {
  view: GameView | null = null;
  over: Extract<LocalGameMessage, { type: 'GAME_OVER' }> | null = null;
  errors: Extract<LocalGameMessage, { type: 'ERROR' }>[] = [];
  seqs: number[] = [];
  all: LocalGameMessage[] = [];

  take(messages: LocalGameMessage[]) {
    for (const message of messages) {
      // Every message is one the server could have sent: it passes the protocol's own schema.
      expect(parseServerMessage(JSON.stringify(message)).ok).toBe(true);
      this.all.push(message);
      if (message.type === 'GAME_STATE') this.view = message.game;
      else if (message.type === 'GAME_UPDATE') {
        expect(deltaFollows(this.view!.seq, message.seq)).toBe(true);
        this.seqs.push(message.seq);
        this.view = applyDelta(this.view!, message);
      } else if (message.type === 'GAME_OVER') this.over = message;
      else this.errors.push(message);
    }
  }
}

const CARD = /"(?:[6-9]|10|J|Q|K)_(?:hearts|diamonds|clubs|spades)"/g;

/**
 * Plays a whole game, the player always playing their first legal card, and checks that no
 * message names a card the player may not know: only their own and those played.
 */
function playOut(local: LocalGame, client: Client, stopAfter = Infinity) {
  const known = new Set<string>();
  const check = (messages: LocalGameMessage[]) => {
    client.take(messages);
    for (const card of client.view!.hand) known.add(card);
    for (const message of messages) {
      if (message.type === 'GAME_UPDATE')
        for (const event of message.events) if (event.kind === 'CARD_PLAYED') known.add(event.card);
      for (const [quoted] of JSON.stringify(message).matchAll(CARD))
        expect(known).toContain(quoted.slice(1, -1));
    }
  };
  check(local.start());
  for (let steps = 0; !client.over && steps < stopAfter; steps++) {
    if (local.botToMove() !== null) check(local.playBot());
    else check(local.play(client.view!.legalCards[0]!, client.view!.seq));
    expect(client.view).toEqual(local.view());
    expect(steps).toBeLessThan(5000);
  }
}

describe('LocalGame', () => {
  for (const bots of [1, 2, 3]) {
    it(`plays a whole game against ${bots} bot(s) to GAME_OVER, seq rising by one each update`, () => {
      const local = game(bots, bots === 2 ? 1 : 0, 100 + bots);
      const client = new Client();
      playOut(local, client);
      expect(client.over).not.toBeNull();
      expect(client.over!.reason).toBe('score');
      expect(client.over!.rewards).toBeUndefined();
      expect(client.over!.ratingChange).toBeUndefined();
      expect(Math.max(...client.over!.scores)).toBeGreaterThanOrEqual(10);
      expect(client.view!.status).toBe('finished');
      expect(client.view!.players).toHaveLength(bots + 1);
      expect(client.view!.players.filter((p) => p.isBot)).toHaveLength(bots);
      expect(client.seqs).toEqual(client.seqs.map((_, i) => i + 1));
      // The winner named in GAME_OVER is the one with the best score.
      const best = client.over!.scores.indexOf(Math.max(...client.over!.scores));
      expect(client.over!.winnerUserId).toBe(client.view!.players[best]!.userId);
      expect(local.botToMove()).toBeNull();
    });
  }

  it('is the same game for the same seed', () => {
    const [a, b] = [new Client(), new Client()];
    playOut(game(2, 0, 5), a);
    playOut(game(2, 0, 5), b);
    expect(a.all).toEqual(b.all);
  });

  it('never shows the bots’ hands: only card counts', () => {
    const local = game(3, 2);
    const client = new Client();
    client.take(local.start());
    const view = client.view!;
    expect(view.you).toEqual({ seat: 2 });
    expect(view.hand).toHaveLength(5);
    expect(view.players.map((p) => p.cardsInHand)).toEqual([5, 5, 5, 5]);
    const text = JSON.stringify(view);
    const others = DECK.filter((card) => !view.hand.includes(card));
    for (const card of others) expect(text).not.toContain(`"${card}"`);
  });

  it('refuses a card not in the hand, a play out of turn and a stale seq, changing nothing', () => {
    const local = game(1, 0, 3);
    const client = new Client();
    client.take(local.start());
    while (local.botToMove() !== null) client.take(local.playBot());
    const before = local.view();
    const notMine = DECK.find((card) => !before.hand.includes(card))!;
    expect(local.play(notMine, before.seq)).toEqual([
      { type: 'ERROR', code: 'CARD_NOT_IN_HAND', message: 'That card is not in your hand', ref: 'GAME_PLAY' },
    ]);
    // A stale seq: refused, and a fresh GAME_STATE follows.
    const stale = local.play(before.legalCards[0]!, before.seq + 5);
    expect(stale.map((m) => m.type)).toEqual(['ERROR', 'GAME_STATE']);
    expect(stale[0]).toMatchObject({ code: 'STALE_STATE' });
    expect(local.view()).toEqual(before);

    client.take(local.play(before.legalCards[0]!, before.seq));
    expect(local.botToMove()).toBe('medium');
    const mid = local.view();
    expect(local.play(mid.hand[0]!, mid.seq)[0]).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(local.view()).toEqual(mid);
  });

  it('refuses a card not following suit', () => {
    // Search seeds for a position where the player holds a card of another suit than the one led.
    for (let seed = 0; seed < 200; seed++) {
      const local = game(1, 1, seed);
      local.start();
      if (local.botToMove() === null) continue;
      local.playBot();
      const view = local.view();
      const offSuit = view.hand.find((card) => !view.legalCards.includes(card));
      if (!offSuit) continue;
      const [error] = local.play(offSuit, view.seq);
      expect(error).toMatchObject({ type: 'ERROR', code: 'MUST_FOLLOW_SUIT', ref: 'GAME_PLAY' });
      expect(local.view()).toEqual(view);
      return;
    }
    throw new Error('no seed gave a hand that could not follow');
  });

  it('ends on resign: a bot wins, the game is finished and refuses further plays', () => {
    const local = game(2, 0, 9);
    const client = new Client();
    playOut(local, client, 12);
    const seq = client.view!.seq;
    client.take(local.resign());
    expect(client.over).toMatchObject({ reason: 'resign', winnerUserId: null });
    expect(client.view).toMatchObject({ status: 'finished', turn: null, legalCards: [], seq: seq + 1 });
    const last = client.all.at(-2);
    expect(last).toMatchObject({ type: 'GAME_UPDATE', events: [{ kind: 'GAME_OVER', reason: 'resign' }] });
    expect(local.botToMove()).toBeNull();
    expect(local.play(client.view!.hand[0] ?? '6_hearts', client.view!.seq)[0]).toMatchObject({
      code: 'GAME_OVER',
    });
    expect(local.resign()[0]).toMatchObject({ code: 'GAME_OVER', ref: 'GAME_RESIGN' });
  });

  // As the server's practice does (server/src/rooms/manager.test.ts): the only human resigning
  // leaves nobody to play on, so even at three or four seats the game ends at once.
  it.each([2, 3])(
    'against %i bots, resigning ends the game at once; the player is not marked as left',
    (bots) => {
      const local = game(bots, 1, 5);
      const client = new Client();
      playOut(local, client, 7);
      const before = client.view!;
      client.take(local.resign());
      expect(client.all.at(-2)).toMatchObject({
        type: 'GAME_UPDATE',
        seq: before.seq + 1,
        events: [{ kind: 'GAME_OVER', winnerUserId: null, reason: 'resign' }],
      });
      expect(client.all.at(-2)).toHaveProperty('events.length', 1);
      expect(client.over).toMatchObject({
        reason: 'resign',
        winnerUserId: null,
        scores: before.players.map((p) => p.score),
      });
      expect(client.view!.status).toBe('finished');
      expect(client.view!.players.some((p) => p.resigned)).toBe(false);
      expect(client.view!.players).toHaveLength(bots + 1);
    },
  );

  it('says TURN when it is the player’s turn, never for a bot', () => {
    const local = game(2, 0, 4);
    const client = new Client();
    playOut(local, client, 60);
    for (const message of client.all)
      if (message.type === 'GAME_UPDATE')
        for (const event of message.events) if (event.kind === 'TURN') expect(event.seat).toBe(0);
    const turns = client.all.filter(
      (m) => m.type === 'GAME_UPDATE' && m.events.some((e) => e.kind === 'TURN'),
    );
    expect(turns.length).toBeGreaterThan(0);
  });

  it('refuses bad options', () => {
    expect(() => game(0)).toThrow(RangeError);
    expect(() => game(4)).toThrow(RangeError);
    expect(() => game(2, 3)).toThrow(RangeError);
  });

  it('names each bot differently, as the server does, whatever seat the player takes', () => {
    for (const seat of [0, 1, 2, 3]) {
      const start = new Client();
      start.take(game(3, seat, 20).start());
      const bots = start.view!.players.filter((p) => p.isBot).map((p) => p.username);
      expect(bots).toEqual(botUsernames('medium', 3, 20));
      expect(new Set(bots).size).toBe(3);
      for (const name of bots) expect(botPersonaOf(name)).toBeDefined();
      expect(start.view!.players[seat]!.username).toBe('ada');
    }
  });
});
