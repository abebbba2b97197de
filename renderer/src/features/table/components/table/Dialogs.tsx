import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeckFolder } from '@shared/decks';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import { HowToPlayCard } from '../../../../components/HowToPlayCard';
import { KeepProgressInvite } from '../../../../components/KeepProgressInvite';
import { PATHS } from '../../../../lib/paths';
import { formatRating, formatRatingChange } from '../../../../domain/rating';
import { GameRewards } from './GameRewards';
import { OFFLINE_PRACTICE_NOTICE } from './Toolbar';
import { seatName, viewerOf } from './layout';

type GameOver = ServerMessageOf<'GAME_OVER'>;
type Player = GameView['players'][number];

interface DialogProps {
  opened: boolean;
  onClose(): void;
}

/** How many players are still in the game: resigning at a table of three or four leaves it. */
export function playersInPlay(game: GameView): number {
  return game.players.filter((p) => !p.resigned).length;
}

/**
 * What resigning does, said before the player confirms (docs/design.md, "Rules"): with one
 * opponent left they win at once; at a table of three or four the player leaves with last place
 * and the others play on, but in practice, where nobody else plays, the game ends at once and the
 * best-scoring bot wins (on the server and on the device alike).
 */
export function resignConsequence(playing: number, mode: GameView['mode']): string {
  if (mode === 'practice')
    return playing > 2
      ? 'The game ends at once, and the bot with the best score wins.'
      : 'Your opponent wins at once.';
  return playing > 2
    ? 'You leave the game with last place, and the others play on without you.'
    : `Your opponent wins at once${mode === 'ranked' ? ' and your rating changes as for a loss' : ''}.`;
}

/** Asks before resigning, saying what it does at this table (resignConsequence). */
export function ResignDialog({
  opened,
  onClose,
  mode,
  playing,
  onResign,
}: DialogProps & { mode: GameView['mode']; playing: number; onResign(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Resign this game?" centered>
      <Text size="sm" mb="md">
        {resignConsequence(playing, mode)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep playing
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            onResign();
          }}
        >
          Resign
        </Button>
      </Group>
    </Modal>
  );
}

export function RulesDialog({ opened, onClose }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} size="lg" withCloseButton title="How to Play">
      <HowToPlayCard />
    </Modal>
  );
}

/** The previous trick's cards, its winning card outlined. */
export function LastTrickDialog({
  opened,
  onClose,
  game,
  deck,
}: DialogProps & { game: GameView; deck?: DeckFolder }) {
  const trick = game.lastTrick;
  return (
    <Modal opened={opened} onClose={onClose} title="Last trick" centered size="sm">
      <Group justify="center" gap="md">
        {trick?.plays.map((play) => (
          <Stack key={play.seat} gap={4} align="center">
            <DeckCard
              card={play.card}
              deck={deck}
              width={70}
              style={{
                outline: play.seat === trick.winner ? '3px solid var(--mantine-color-spar-5)' : undefined,
              }}
            />
            <Text size="xs">{seatName(game, play.seat)}</Text>
          </Stack>
        ))}
      </Group>
    </Modal>
  );
}

/**
 * The final standings: the winner, then the others still playing by score, then the players who
 * left a game of three or four (they finish last, whatever their score; docs/design.md, "Rules").
 * Ties keep seat order.
 */
export function standings(
  game: GameView,
  over: GameOver,
): { player: Player; score: number; left: boolean }[] {
  const rank = (p: Player) => (p.userId !== null && p.userId === over.winnerUserId ? 0 : p.resigned ? 2 : 1);
  return game.players
    .map((player) => ({ player, score: over.scores[player.seat] ?? 0, left: !!player.resigned }))
    .sort((a, b) => rank(a.player) - rank(b.player) || b.score - a.score || a.player.seat - b.player.seat);
}

const FINISH_TEXT: Record<GameOver['reason'], string> = {
  score: 'First to the target score',
  resign: 'By resignation',
  timeout: 'Too many turns timed out',
  abandon: 'A player left the game',
};

/**
 * The end of the game: who won and how, the final scores and, in ranked play, the viewer's new
 * rating, and what the game earned with a Claim button. It stays until the player leaves with one
 * of its buttons.
 */
export function GameOverDialog({
  game,
  over,
  offline = false,
  guest = false,
  onPlayAgain,
  rematch,
}: {
  game: GameView;
  over: GameOver | null;
  /** A practice game on this device: it earned nothing and has no replay. */
  offline?: boolean;
  /** Played before signing up: invited to create an account, and led home rather than to /games. */
  guest?: boolean;
  onPlayAgain(): void;
  /** The rematch with the other players, above the buttons (players only). */
  rematch?: ReactNode;
}) {
  const you = viewerOf(game);
  const spectator = !you;
  const youWon = !!over && !!you && over.winnerUserId === you.userId;
  const myRating = over?.ratingChange?.find((r) => r.userId === you?.userId);
  const winnerName = game.players.find((p) => p.userId === over?.winnerUserId)?.username ?? 'Bot';
  return (
    <Modal opened={over !== null} onClose={() => undefined} withCloseButton={false} centered radius="lg">
      {over && (
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} c={spectator || youWon ? 'spar.4' : 'red.4'}>
            {spectator ? `${winnerName} wins` : youWon ? 'You won!' : 'You lost'}
          </Title>
          <Text size="sm" c="dark.1">
            {FINISH_TEXT[over.reason]}
          </Text>
          <Group gap="lg" justify="center" align="flex-start" role="list" aria-label="Final standings">
            {standings(game, over).map(({ player, score, left }) => (
              <Stack key={player.seat} gap={0} align="center" role="listitem">
                <Text fw={800} size="xl">
                  {score}
                </Text>
                <Text size="xs">{player.username}</Text>
                {left && (
                  <Text size="xs" c="dimmed">
                    left · last
                  </Text>
                )}
              </Stack>
            ))}
          </Group>
          {offline && (
            <Text size="sm" c="dark.1">
              {OFFLINE_PRACTICE_NOTICE}
            </Text>
          )}
          {myRating && (
            <Text fw={700} c={myRating.delta >= 0 ? 'teal.4' : 'red.4'}>
              Rating {formatRating(myRating.after)} ({formatRatingChange(myRating.delta)})
            </Text>
          )}
          {!spectator && over.rewards && over.rewards.currency + over.rewards.premiumCurrency > 0 && (
            <GameRewards gameId={over.gameId} rewards={over.rewards} />
          )}
          {guest && <KeepProgressInvite />}
          {!spectator && rematch}
          {/* Centred like the rest of the dialog, also when a phone wraps it onto two rows. */}
          <Group mt="sm" justify="center">
            <Button component={Link} to={guest ? PATHS.home : PATHS.games} variant="default">
              {guest ? 'Home' : 'Back to games'}
            </Button>
            {!offline && (
              <Button component={Link} to={PATHS.replay(over.gameId)} variant="light" color="spar">
                Replay
              </Button>
            )}
            {!spectator &&
              (game.tournamentId ? (
                // The arena seats its players again itself: back to its standings to wait for it.
                <Button component={Link} to={PATHS.tournament(game.tournamentId)} color="spar" c="dark.9">
                  Back to the tournament
                </Button>
              ) : (
                <Button color="spar" c="dark.9" onClick={onPlayAgain}>
                  Play again
                </Button>
              ))}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
