import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useState } from 'react';
import type { DeckFolder } from '@shared/decks';
import type { Card } from '@shared/game';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { BOTTOM_NAV_HEIGHT } from '../../../components/BottomNav';
import type { Announcement } from '../hooks/announce';
import type { HandResult } from '../hooks/handResult';
import classes from './GameTable.module.css';
import { GameOverDialog, LastTrickDialog, ResignDialog, RulesDialog, playersInPlay } from './table/Dialogs';
import { PlayerHand } from './table/Hand';
import { LIFT_PX, useEmbeddedHeight, useTableLayout, useTableMotion, viewerOf } from './table/layout';
import { CardBacks, OpponentSeats, PlayerBadge } from './table/Seats';
import { TableToolbar } from './table/Toolbar';
import { TrickArea } from './table/Trick';

export interface GameTableProps {
  game: GameView;
  handResult: HandResult | null;
  over: ServerMessageOf<'GAME_OVER'> | null;
  announcement: Announcement | null;
  /** The viewer's default deck: their hand, the trick and the backs are drawn from it. */
  deck?: DeckFolder;
  /** A card tapped while the socket was down, shown as waiting to send (useGameRoom's `held`). */
  heldCard?: Card | null;
  onPlay(card: Card): void;
  onResign(): void;
  onPlayAgain(): void;
  /**
   * Watched from another page (the watch page's featured game): no toolbar, no dialogs, and the
   * table takes only the room it needs.
   */
  readOnly?: boolean;
  /**
   * A practice game on this device (docs/design.md, "Offline practice"): the table says so, and
   * the game-over dialog offers no replay (nothing was stored).
   */
  offline?: boolean;
}

type OpenDialog = 'resign' | 'rules' | 'lastTrick' | null;

/** Under an embedded table: the bottom tabs, the page's bottom padding and its frame's padding. */
const EMBEDDED_ROOM_BELOW_PX = BOTTOM_NAV_HEIGHT + 32;

/**
 * The table, for a player or a spectator, filling the window without scrolling: the toolbar, the
 * other seats around the felt (across the top for two players, at the sides and top for more), the
 * trick on the felt, the viewer's seat and hand at the bottom (a spectator sees the first player's
 * seat there). Every position comes from tableLayout; see docs/design.md, "Renderer: the table layout".
 */
export function GameTable({
  game,
  handResult,
  over,
  announcement,
  deck,
  heldCard = null,
  onPlay,
  onResign,
  onPlayAgain,
  readOnly = false,
  offline = false,
}: GameTableProps) {
  const you = viewerOf(game);
  const bottom = you ?? game.players[0]!;
  const { ref: sizeRef, width: frameWidth } = useElementSize();
  const embedded = useEmbeddedHeight(readOnly, EMBEDDED_ROOM_BELOW_PX);
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
        handResult={over ? null : handResult}
        layout={layout}
        bottomSeat={bottom.seat}
        motion={motion}
        deck={deck}
        onShowLastTrick={() => setDialog('lastTrick')}
      />

      <div className={classes.me} style={{ left: me.x, top: me.y, width: me.w, height: me.h }}>
        <PlayerBadge player={bottom} game={game} label={you ? `${bottom.username} (you)` : bottom.username} />
      </div>
      {you ? (
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

      {/* Each announcement is a new line of the log, so it is read once, even when its words repeat. */}
      <div className={classes.srOnly} aria-live="polite" role="log">
        {announcement && <p key={announcement.id}>{announcement.text}</p>}
      </div>

      <ResignDialog
        opened={dialog === 'resign'}
        onClose={close}
        ranked={game.mode === 'ranked'}
        playing={game.mode === 'practice' ? 2 : playersInPlay(game)}
        onResign={onResign}
      />
      <RulesDialog opened={dialog === 'rules'} onClose={close} />
      <LastTrickDialog opened={dialog === 'lastTrick'} onClose={close} game={game} deck={deck} />
      {!readOnly && <GameOverDialog game={game} over={over} offline={offline} onPlayAgain={onPlayAgain} />}
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
