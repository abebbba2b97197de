// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { botPersonaOf } from '@shared/game';
import type { LocalGameCommand } from '../local/runner';

/**
 * The worker, in process: the real runner behind the same postMessage / message-event surface, with
 * fake timers for the bots' thinking. Whatever reaches the network would go through fetch or the
 * socket, both of which fail the test here.
 */
const fake = vi.hoisted(() => ({
  listeners: new Set<(event: MessageEvent) => void>(),
  commands: [] as unknown[],
  run: null as ((command: LocalGameCommand) => void) | null,
}));
vi.mock('../local/worker', () => ({
  localGameWorker: () => ({
    postMessage: (command: LocalGameCommand) => {
      fake.commands.push(command);
      fake.run!(command);
    },
    // Only messages: this worker never fails (LocalPracticePage.test.tsx covers one that does).
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') fake.listeners.add(listener);
    },
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') fake.listeners.delete(listener);
    },
  }),
}));
const sounds: string[] = [];
vi.mock('../../../lib/sounds', () => ({ playSound: (key: string) => sounds.push(key) }));
vi.mock('../../../lib/audio', () => ({ useMusic: () => undefined }));
vi.mock('../../../lib/realtime', () => ({
  socket: new Proxy({}, { get: () => () => expect.fail('the socket is used') }),
}));

const { createRunner, BOT_DELAY_MS } = await import('../local/runner');
const { useLocalGameRoom } = await import('./useLocalGameRoom');

type Room = ReturnType<typeof useLocalGameRoom>;
const seen: { room: Room | null } = { room: null };
const player = { userId: 5, username: 'ada', avatarUrl: null };

function Probe({ bots }: { bots: number }) {
  const current = useLocalGameRoom({ player, bots, level: 'easy' });
  useEffect(() => {
    seen.room = current;
  });
  return null;
}

const room = () => seen.room!;

/** Advances the bots until it is the player's turn or the game is over. */
function untilPlayerMoves() {
  for (let i = 0; i < 10 && room().game!.turn !== room().game!.you!.seat && !room().over; i++)
    act(() => vi.advanceTimersByTime(BOT_DELAY_MS));
}

describe('useLocalGameRoom', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => expect.fail('a request was made'));
    fake.listeners.clear();
    fake.commands.length = 0;
    sounds.length = 0;
    fake.run = createRunner({
      post: (message) => {
        for (const listener of [...fake.listeners]) listener({ data: message } as MessageEvent);
      },
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('deals a practice game on the device and plays it to the end, with the table’s sounds', () => {
    render(<Probe bots={2} />);
    expect(fake.commands[0]).toMatchObject({ type: 'START', options: { bots: 2, level: 'easy', player } });
    const game = room().game!;
    expect(game).toMatchObject({ mode: 'practice', seq: 0, status: 'active', turnDeadline: null });
    const botNames = game.players.filter((p) => p.isBot).map((p) => p.username);
    expect(new Set(botNames).size).toBe(2);
    for (const name of botNames) expect(botPersonaOf(name)).toBeDefined();
    expect(botNames.every((name) => name.endsWith(' (easy)'))).toBe(true);
    expect(game.hand).toHaveLength(5);

    for (let moves = 0; !room().over && moves < 2000; moves++) {
      untilPlayerMoves();
      if (room().over) break;
      const { legalCards, seq } = room().game!;
      act(() => room().play(legalCards[0]!));
      expect(room().game!.seq).toBeGreaterThan(seq);
    }
    expect(room().over).toMatchObject({ type: 'GAME_OVER', reason: 'score' });
    expect(room().over!.rewards).toBeUndefined();
    expect(room().game!.status).toBe('finished');
    expect(room().announcement?.text).toBe('The game is over');
    expect(room().failure).toBeNull();
    expect(sounds).toEqual(expect.arrayContaining(['card-play', 'trick-won', 'card-deal', 'your-turn']));
  });

  it('resigns, and Play again deals a new game of the same practice', () => {
    render(<Probe bots={1} />);
    const first = room().game!.id;
    act(() => room().resign());
    expect(room().over).toMatchObject({ reason: 'resign', winnerUserId: null });
    act(() => room().playAgain());
    expect(room().over).toBeNull();
    expect(room().game!.id).not.toBe(first);
    expect(room().game).toMatchObject({ seq: 0, status: 'active' });
    expect(room().game!.players).toHaveLength(2);
  });

  it('shows the hand’s result for a while, and stops the bots when the table goes', () => {
    const { unmount } = render(<Probe bots={3} />);
    for (let moves = 0; !room().handResult && moves < 50; moves++) {
      untilPlayerMoves();
      if (room().handResult) break;
      act(() => room().play(room().game!.legalCards[0]!));
    }
    expect(room().handResult).not.toBeNull();
    unmount();
    expect(fake.commands.at(-1)).toEqual({ type: 'STOP' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
