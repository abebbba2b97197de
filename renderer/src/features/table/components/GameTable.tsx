import { VisuallyHidden } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useSetAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import type { DeckFolder } from '@shared/decks';
import type { Card } from '@shared/game';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { BOTTOM_NAV_HEIGHT } from '../../../components/BottomNav';
import { toastAreaAtom } from '../../../lib/toast';
import type { Announcement } from '../hooks/announce';
import type { HandLogEntry } from '../hooks/handLog';
import type { HandResult } from '../hooks/handResult';
import type { TablePause } from '../hooks/tablePacing';
import type { TableEmotes } from '../hooks/useTableEmotes';
import classes from './GameTable.module.css';
import { GameOverDialog, LastTrickDialog, ResignDialog, RulesDialog, playersInPlay } from './table/Dialogs';
import { PlayerHand } from './table/Hand';
import { LeftNotice } from './table/LeftNotice';
import {
  LIFT_PX,
  STATUS_PX,
  useEmbeddedHeight,
  useTableLayout,
  useTableMotion,
  viewerOf,
} from './table/layout';
import { ScoreLogDrawer } from './table/ScoreLog';
import { TableReactions } from './table/Reactions';
import { CardBacks, OpponentSeats, PlayerBadge } from './table/Seats';
import { TableToolbar } from './table/Toolbar';
import { TrickArea } from './table/Trick';

export interface GameTableProps {
  game: GameView;
  handResult: HandResult | null;
  /**
   * The table is held on a finished trick, then a hand's result (useGameRoom's `pause`): the trick
   * stays with its winner marked, and a hand's end withholds the next deal until it is over.
   */
  pause?: TablePause | null;
  /** The hands finished at this table, for the score log (useGameRoom's `handLog`). */
  handLog?: readonly HandLogEntry[];
  /** The player tapped the table during a pause: it ends now. */
  onSkipPause?(): void;
  over: ServerMessageOf<'GAME_OVER'> | null;
  announcement: Announcement | null;
  /** The viewer's default deck: their hand, the trick and the backs are drawn from it. */
  deck?: DeckFolder;
  /** A card tapped while the socket was down, shown as waiting to send (useGameRoom's `held`). */
  heldCard?: Card | null;
  onPlay(card: Card): void;
  onResign(): void;
  onPlayAgain(): void;
  /** The game-over dialog's rematch (RematchPanel), for a game with other players. */
  rematch?: ReactNode;
  /**
   * Watched from another page (the watch page's featured game): no toolbar, no dialogs, and the
   * table takes only the room it needs.
   */
  readOnly?: boolean;
  /**
   * An embedded table: what the page keeps under it besides the bottom tabs (the replay's
   * controls), so they show with the whole table.
   */
  roomBelow?: number;
  /**
   * A practice game on this device (docs/design.md, "Offline practice"): the table says so, and
   * the game-over dialog offers no replay (nothing was stored).
   */
  offline?: boolean;
  /** Table reactions (docs/design.md, "Table reactions"); none on a table without them. */
  emotes?: TableEmotes;
  /** Played before signing up (docs/design.md, "Play before signing up"): the end invites to sign up. */
  guest?: boolean;
}

type OpenDialog = 'resign' | 'rules' | 'lastTrick' | 'scores' | null;

/** Under an embedded table: the bottom tabs, the page's bottom padding and its frame's padding. */
const EMBEDDED_ROOM_BELOW_PX = BOTTOM_NAV_HEIGHT + 32;

/**
 * The table, for a player or a spectator, filling the window without scrolling: the toolbar, the
 * other seats around the felt (across the top for two players, at the sides and top for more), the
 * trick on the felt, the viewer's seat and hand at the bottom (a spectator sees the first player's
 * seat there). Every position comes from tableLayout; see docs/design.md, "Renderer: the table layout".
 */
export function GameTable({
  game: current,
  handResult,
  pause = null,
  handLog = [],
  onSkipPause,
  over,
  announcement,
  deck,
  heldCard = null,
  onPlay,
  onResign,
  onPlayAgain,
  rematch,
  readOnly = false,
  roomBelow = 0,
  offline = false,
  emotes,
  guest = false,
}: GameTableProps) {
  // At a hand's end the next deal waits for the pause: the table shows the hand just played out.
  const game = pause?.handEnded ? withheldDeal(current, pause) : current;
  const you = viewerOf(game);
  const bottom = you ?? game.players[0]!;
  const { ref: sizeRef, width: frameWidth } = useElementSize();
  const embedded = useEmbeddedHeight(readOnly, EMBEDDED_ROOM_BELOW_PX + roomBelow);
  const frameRef = useMergedRef(sizeRef, embedded.ref);
  const { scale } = embedded;
  const layout = useTableLayout(game.players.length, you ? game.hand.length : bottom.cardsInHand, {
    frameWidth: readOnly ? Math.floor(frameWidth / scale) : 0,
    frameHeight: embedded.height,
    spectator: !you,
    toolbar: !readOnly,
  });
  const motion = useTableMotion();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const { toolbar, me, hand, felt } = layout;
  // The game room's toasts go over the felt, below its status line, at most 20rem wide.
  const setToastArea = useSetAtom(toastAreaAtom);
  const toastW = Math.min(felt.w - 16, 320);
  const toastX = felt.x + (felt.w - toastW) / 2;
  const toastY = felt.y + STATUS_PX + 4;
  useEffect(() => {
    if (readOnly) return;
    setToastArea({ x: toastX, y: toastY, w: toastW });
    return () => setToastArea(null);
  }, [readOnly, setToastArea, toastX, toastY, toastW]);

  const table = (
    <div
      ref={readOnly ? undefined : frameRef}
      className={readOnly ? `${classes.page} ${classes.embedded}` : classes.page}
      style={
        scale < 1
          ? {
              height: layout.height,
              width: layout.width,
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
            }
          : { height: layout.height }
      }
      data-layout={layout.handStyle}
      data-motion={motion ? 'on' : 'off'}
    >
      {!readOnly && (
        <div
          className={classes.toolbar}
          style={{ left: toolbar.x, top: toolbar.y, width: toolbar.w, height: toolbar.h }}
        >
          <TableToolbar
            game={game}
            stacked={layout.toolbarStacked}
            offline={offline}
            onShowRules={() => setDialog('rules')}
            onResign={() => setDialog('resign')}
          />
        </div>
      )}

      <OpponentSeats game={game} bottomSeat={bottom.seat} layout={layout} deck={deck} />

      <TrickArea
        game={game}
        handResult={over || pause?.phase !== 'result' ? null : handResult}
        pause={pause}
        onSkipPause={onSkipPause}
        onShowScores={() => setDialog('scores')}
        layout={layout}
        bottomSeat={bottom.seat}
        motion={motion}
        deck={deck}
        onShowLastTrick={() => setDialog('lastTrick')}
      />

      <div className={classes.me} style={{ left: me.x, top: me.y, width: me.w, height: me.h }}>
        <PlayerBadge player={bottom} game={game} label={you ? `${bottom.username} (you)` : bottom.username} />
      </div>
      {you?.resigned && game.status === 'active' ? (
        <div
          className={`${classes.spectated} ${classes.me}`}
          style={{ left: hand.x, top: hand.y, width: hand.w, height: hand.h }}
        >
          <LeftNotice guest={guest} />
        </div>
      ) : you ? (
        <PlayerHand
          hand={game.hand}
          legalCards={game.legalCards}
          width={layout.handCard}
          places={layout.handCards}
          handStyle={layout.handStyle}
          dealKey={game.handNumber}
          dealFrom={{ x: felt.x + felt.w / 2, y: felt.y + felt.h / 2 }}
          motion={motion}
          deck={deck}
          held={heldCard}
          onPlay={onPlay}
        />
      ) : (
        <div className={classes.spectated} style={{ left: hand.x, top: hand.y + LIFT_PX, width: hand.w }}>
          <CardBacks player={bottom} width={layout.topBack} deck={deck} />
        </div>
      )}

      {emotes && !readOnly && (
        <TableReactions game={game} layout={layout} bottomSeat={bottom.seat} emotes={emotes} />
      )}

      {/* Each announcement is a new line of the log, so it is read once, even when its words repeat. */}
      <VisuallyHidden aria-live="polite" role="log" data-testid="announcer">
        {announcement && <p key={announcement.id}>{announcement.text}</p>}
      </VisuallyHidden>

      <ResignDialog
        opened={dialog === 'resign'}
        onClose={close}
        mode={game.mode}
        playing={playersInPlay(game)}
        onResign={onResign}
      />
      <RulesDialog opened={dialog === 'rules'} onClose={close} />
      <LastTrickDialog opened={dialog === 'lastTrick'} onClose={close} game={game} deck={deck} />
      <ScoreLogDrawer opened={dialog === 'scores'} onClose={close} game={current} log={handLog} />
      {!readOnly && (
        <GameOverDialog
          game={game}
          over={over}
          offline={offline}
          guest={guest}
          onPlayAgain={onPlayAgain}
          rematch={rematch}
        />
      )}
    </div>
  );
  if (!readOnly) return table;
  // An embedded table is measured on this frame, which holds it at its drawn size (scaled to fit
  // a short window: useEmbeddedHeight); a scaled table still takes its unscaled box in the flow,
  // which must not widen the page.
  return (
    <div ref={frameRef} style={{ height: Math.ceil(layout.height * scale), overflow: 'hidden' }}>
      {table}
    </div>
  );
}

/** The view as it stood when a hand's last trick was won: no one holds a card, nobody is to play. */
function withheldDeal(game: GameView, pause: TablePause): GameView {
  return {
    ...game,
    hand: [],
    legalCards: [],
    turn: null,
    turnDeadline: null,
    handNumber: pause.handNumber,
    trickNumber: pause.trickNumber,
    currentTrick: [],
    players: game.players.map((p) => ({ ...p, cardsInHand: 0 })),
  };
}
