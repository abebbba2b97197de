import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalGameMessage, LocalGameOptions } from './localGame';
import { BOT_DELAY_MS, createRunner } from './runner';

const options = (gameId: string, seat = 1): LocalGameOptions => ({
  gameId,
  seed: 42,
  player: { userId: 3, username: 'ada', avatarUrl: null },
  bots: 2,
  level: 'easy',
  seat,
});

function setup() {
  const posted: LocalGameMessage[] = [];
  const run = createRunner({
    post: (message) => posted.push(message),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  return { posted, run };
}

const updates = (posted: LocalGameMessage[]) => posted.filter((m) => m.type === 'GAME_UPDATE');

describe('the local game runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts with GAME_STATE and plays each bot after its thinking delay', () => {
    const { posted, run } = setup();
    run({ type: 'START', options: options('local-a', 2) });
    expect(posted.map((m) => m.type)).toEqual(['GAME_STATE']);
    const state = posted[0] as Extract<LocalGameMessage, { type: 'GAME_STATE' }>;
    // Seat 2 of three: a bot leads unless the player does.
    const botsFirst = state.game.turn !== 2;
    vi.advanceTimersByTime(BOT_DELAY_MS - 1);
    expect(updates(posted)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(updates(posted)).toHaveLength(botsFirst ? 1 : 0);
    // Bots never play the player's turn: time passes and nothing happens.
    vi.advanceTimersByTime(BOT_DELAY_MS * 10);
    const last = updates(posted).at(-1);
    expect(last?.events.at(-1) ?? { kind: 'TURN', seat: 2 }).toMatchObject({ kind: 'TURN', seat: 2 });
  });

  it('answers the player’s plays, then the bots follow, to the end of the game', () => {
    const { posted, run } = setup();
    run({ type: 'START', options: options('local-b'), botDelayMs: 5 });
    let view = (posted[0] as Extract<LocalGameMessage, { type: 'GAME_STATE' }>).game;
    for (let i = 0; i < 10_000 && !posted.some((m) => m.type === 'GAME_OVER'); i++) {
      const seen = posted.length;
      if (view.turn === 1 && view.legalCards.length > 0)
        run({ type: 'PLAY', gameId: 'local-b', card: view.legalCards[0]!, seq: view.seq });
      else vi.advanceTimersByTime(5);
      for (const message of posted.slice(seen))
        if (message.type === 'GAME_UPDATE')
          view = { ...view, ...message.changes, seq: message.seq } as typeof view;
    }
    expect(posted.at(-1)).toMatchObject({ type: 'GAME_OVER', gameId: 'local-b', reason: 'score' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores commands for another game, resigns, and Play again starts afresh', () => {
    const { posted, run } = setup();
    run({ type: 'START', options: options('local-c', 0) });
    run({ type: 'RESIGN', gameId: 'local-x' });
    expect(posted.some((m) => m.type === 'GAME_OVER')).toBe(false);
    run({ type: 'RESIGN', gameId: 'local-c' });
    expect(posted.at(-1)).toMatchObject({ type: 'GAME_OVER', reason: 'resign', winnerUserId: null });
    expect(vi.getTimerCount()).toBe(0);
    run({ type: 'START', options: options('local-d', 0) });
    expect(posted.at(-1)).toMatchObject({ type: 'GAME_STATE', gameId: 'local-d', game: { seq: 0 } });
  });

  it('stops the bots when the page leaves', () => {
    const { posted, run } = setup();
    run({ type: 'START', options: options('local-e', 0) });
    // Find a game where a bot is to play.
    const state = posted[0] as Extract<LocalGameMessage, { type: 'GAME_STATE' }>;
    if (state.game.turn === 0)
      run({ type: 'PLAY', gameId: 'local-e', card: state.game.legalCards[0]!, seq: 0 });
    expect(vi.getTimerCount()).toBe(1);
    run({ type: 'STOP' });
    expect(vi.getTimerCount()).toBe(0);
    const count = posted.length;
    vi.advanceTimersByTime(BOT_DELAY_MS * 5);
    expect(posted).toHaveLength(count);
  });
});
