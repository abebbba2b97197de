import { useCallback, useEffect, useRef, useState } from 'react';
import type { BotLevel, Card } from '@shared/game';
import { applyUpdate, type GameView } from '@shared/protocol';
import { SESSION_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import type { LocalGameMessage, LocalPlayer } from '../local/localGame';
import { localGameWorker } from '../local/worker';
import { useGameSounds } from './gameSounds';
import { roomPacer, type RoomItem } from './pacedUpdates';
import type { TablePacer } from './tablePacing';
import { pausesFor } from './tablePacing';
import { EMPTY_ROOM, type GameRoomState } from './roomState';

export interface LocalPractice {
  player: LocalPlayer;
  /** 1, 2 or 3 bots, all of one level. */
  bots: number;
  level: BotLevel;
}

/**
 * The bots' thinking time: the runner's own unless the browser tests shorten it for the tab
 * (session storage, SESSION_KEYS.practiceBotDelayMs).
 */
function botDelayMs(): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(SESSION_KEYS.practiceBotDelayMs) ?? Number.NaN);
    return Number.isInteger(value) && value >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function randomUint32(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * Why the game on the device stopped: its worker failed before dealing (`load`, typically its
 * script could not be fetched) or during the game (`crash`). Null while it plays.
 */
export type LocalGameFailure = 'load' | 'crash' | null;

/**
 * A practice game played on this device (see docs/design.md, "Offline practice"): the same state
 * and actions as useGameRoom, fed by the local-game worker's messages instead of the socket, so the
 * page renders the same table. `playAgain` deals a new game of the same practice at once. Mount it
 * afresh (a `key`) for another practice. When the worker fails, `failure` says so and `retry`
 * deals again on a fresh worker.
 */
export function useLocalGameRoom({ player, bots, level }: LocalPractice) {
  const [state, setState] = useState<GameRoomState>(EMPTY_ROOM);
  const [round, setRound] = useState(0);
  const [failure, setFailure] = useState<LocalGameFailure>(null);
  const gameId = useRef('');
  const view = useRef<GameView | null>(null);
  /** Holds the table on each finished trick, as useGameRoom does. */
  const pacer = useRef<TablePacer<RoomItem> | null>(null);
  useGameSounds(state.game, state.over);
  const { userId, username, avatarUrl } = player;

  useEffect(() => {
    const worker = localGameWorker();
    const id = `local-${round}-${randomUint32().toString(36)}`;
    gameId.current = id;
    view.current = null;
    const paced = roomPacer(setState);
    pacer.current = paced;
    const onMessage = ({ data: m }: MessageEvent<LocalGameMessage>) => {
      if (m.type === 'ERROR') {
        if (m.code !== 'STALE_STATE')
          toast({ title: 'Not allowed', description: m.message ?? m.code, variant: 'warning' });
        return;
      }
      if (m.gameId !== id) return;
      if (m.type === 'GAME_STATE') {
        view.current = m.game;
        paced.reset();
        setState((s) => ({ ...s, game: m.game, pause: null }));
      } else if (m.type === 'GAME_UPDATE' && view.current) {
        // Protocol 3 leaves out events the rules imply: the pacing and sounds need them whole.
        const { game, events } = applyUpdate(view.current, m);
        view.current = game;
        paced.push({ kind: 'update', game, events }, pausesFor(events));
      } else if (m.type === 'GAME_OVER') {
        paced.push(
          {
            kind: 'over',
            apply: (s) => ({
              ...s,
              over: m,
              announcement: { id: (s.announcement?.id ?? 0) + 1, text: 'The game is over' },
            }),
          },
          [],
        );
      }
    };
    const onError = () => {
      paced.reset();
      setFailure(view.current ? 'crash' : 'load');
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage({
      type: 'START',
      options: {
        gameId: id,
        seed: randomUint32(),
        player: { userId, username, avatarUrl },
        bots,
        level,
        // The player's seat is left to chance, as the server's practice does.
        seat: randomUint32() % (bots + 1),
      },
      botDelayMs: botDelayMs(),
    });
    return () => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      worker.postMessage({ type: 'STOP' });
      paced.reset();
    };
  }, [round, bots, level, userId, username, avatarUrl]);

  const play = useCallback((card: Card) => {
    const game = view.current;
    // Playing the next lead ends the pause on the trick before it.
    pacer.current?.skip(true);
    if (game) localGameWorker().postMessage({ type: 'PLAY', gameId: game.id, card, seq: game.seq });
  }, []);
  const resign = useCallback(() => {
    localGameWorker().postMessage({ type: 'RESIGN', gameId: gameId.current });
  }, []);
  /** Nothing to call off: a local game never waits for anyone. */
  const callOff = useCallback(() => undefined, []);
  /** Also what Retry does after a failure: the failed worker is gone, so this starts a new one. */
  const playAgain = useCallback(() => {
    setState(EMPTY_ROOM);
    setFailure(null);
    setRound((r) => r + 1);
  }, []);

  /** The player tapped the table: the pause ends now. */
  const skipPause = useCallback(() => pacer.current?.skip(), []);

  return { ...state, failure, play, resign, callOff, playAgain, retry: playAgain, skipPause };
}
