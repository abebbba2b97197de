/**
 * Runs local games for one worker: takes the page's commands, answers with the game's messages,
 * and plays the bots' turns after a thinking delay, as a server room does. The worker
 * (local-game.worker.ts) only wires it to postMessage and the timers. See docs/design.md,
 * "Offline practice".
 */
import type { Card } from '@shared/game';
import { LocalGame, type LocalGameMessage, type LocalGameOptions } from './localGame';

/** How long a bot "thinks" before it plays: the server's default (BOT_DELAY_MS). */
export const BOT_DELAY_MS = 900;

export type LocalGameCommand =
  | { type: 'START'; options: LocalGameOptions; botDelayMs?: number }
  | { type: 'PLAY'; gameId: string; card: Card; seq: number }
  | { type: 'RESIGN'; gameId: string }
  /** The page left the table: the bots stop. */
  | { type: 'STOP' };

export interface RunnerHost {
  post(message: LocalGameMessage): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

/** One game at a time: START replaces whatever was running (Play again). */
export function createRunner(host: RunnerHost): (command: LocalGameCommand) => void {
  let game: LocalGame | null = null;
  let delay = BOT_DELAY_MS;
  let timer: unknown;

  const stopBots = () => {
    if (timer !== undefined) host.clearTimeout(timer);
    timer = undefined;
  };
  const send = (current: LocalGame, messages: LocalGameMessage[]) => {
    for (const message of messages) host.post(message);
    if (current.botToMove() === null) return stopBots();
    // A bot already thinking keeps its time (a refused play in between does not restart it).
    if (timer !== undefined) return;
    timer = host.setTimeout(() => {
      timer = undefined;
      if (game === current) send(current, current.playBot());
    }, delay);
  };

  return (command) => {
    switch (command.type) {
      case 'START':
        stopBots();
        delay = command.botDelayMs ?? BOT_DELAY_MS;
        game = new LocalGame(command.options);
        send(game, game.start());
        return;
      case 'PLAY':
        if (game?.id === command.gameId) send(game, game.play(command.card, command.seq));
        return;
      case 'RESIGN':
        if (game?.id === command.gameId) send(game, game.resign());
        return;
      case 'STOP':
        stopBots();
        game = null;
        return;
    }
  };
}
