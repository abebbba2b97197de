import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { DeckFolder } from '@shared/decks';
import type { Card } from '@shared/game';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import type { Announcement } from '../hooks/announce';
import type { HandResult } from '../hooks/handResult';
import classes from './GameTable.module.css';
import { GameOverDialog, LastTrickDialog, ResignDialog, RulesDialog } from './table/Dialogs';
import { PlayerHand } from './table/Hand';
import { useTableSizes, viewerOf } from './table/layout';
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
  onPlay(card: Card): void;
  onResign(): void;
  onPlayAgain(): void;
  /**
   * Watched from another page (the watch page's featured game): no toolbar, no dialogs, and the
   * table takes only the room it needs.
   */
  readOnly?: boolean;
}

type OpenDialog = 'resign' | 'rules' | 'lastTrick' | null;

/**
 * The table, for a player or a spectator: the other seats across the top, the trick on the felt,
 * the viewer's seat and hand at the bottom (a spectator sees the first player's seat there).
 */
export function GameTable({
  game,
  handResult,
  over,
  announcement,
  deck,
  onPlay,
  onResign,
  onPlayAgain,
  readOnly = false,
}: GameTableProps) {
  const sizes = useTableSizes();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const you = viewerOf(game);
  const bottom = you ?? game.players[0]!;
  const across = game.players.filter((p) => p.seat !== bottom.seat);

  return (
    <div className={readOnly ? `${classes.page} ${classes.embedded}` : classes.page}>
      {!readOnly && (
        <TableToolbar
          game={game}
          onShowRules={() => setDialog('rules')}
          onResign={() => setDialog('resign')}
        />
      )}

      <Stack gap={6} align="center">
        <OpponentSeats players={across} game={game} backWidth={sizes.back} deck={deck} />
      </Stack>

      <TrickArea
        game={game}
        handResult={over ? null : handResult}
        sizes={sizes}
        deck={deck}
        onShowLastTrick={() => setDialog('lastTrick')}
      />

      <Stack gap={0} align="center">
        <PlayerBadge player={bottom} game={game} label={you ? `${bottom.username} (you)` : bottom.username} />
        {you ? (
          <PlayerHand
            hand={game.hand}
            legalCards={game.legalCards}
            width={sizes.hand}
            wide={sizes.wide}
            deck={deck}
            onPlay={onPlay}
          />
        ) : (
          <CardBacks player={bottom} width={sizes.back} inset deck={deck} />
        )}
      </Stack>

      {/* Each announcement is a new line of the log, so it is read once, even when its words repeat. */}
      <div className={classes.srOnly} aria-live="polite" role="log">
        {announcement && <p key={announcement.id}>{announcement.text}</p>}
      </div>

      <ResignDialog
        opened={dialog === 'resign'}
        onClose={close}
        ranked={game.mode === 'ranked'}
        onResign={onResign}
      />
      <RulesDialog opened={dialog === 'rules'} onClose={close} />
      <LastTrickDialog opened={dialog === 'lastTrick'} onClose={close} game={game} deck={deck} />
      {!readOnly && <GameOverDialog game={game} over={over} onPlayAgain={onPlayAgain} />}
    </div>
  );
}
