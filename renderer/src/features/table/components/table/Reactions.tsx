import {
  ActionIcon,
  Divider,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { EMOTES, emoteOf, type GameView } from '@shared/protocol';
import { emoteAnnouncement, type ShownEmote, type TableEmotes } from '../../hooks/useTableEmotes';
import { relativeSeat, type Rect, type TableLayout } from './layout';
import classes from './Reactions.module.css';

/** The reactions button's size; it sits at the right end of the viewer's own seat. */
const BUTTON_PX = 36;

type Place = 'above' | 'below' | 'fromLeft' | 'fromRight';

/**
 * Where a seat's bubble goes: over the viewer's own badge, under the seat across, and from a side
 * seat's outer edge over the felt. A bubble centred on a phone's 66 px side seat would run off
 * the screen, so it grows inwards instead.
 */
export function bubblePlace(layout: TableLayout, relative: number): { x: number; y: number; place: Place } {
  if (relative === 0) return { x: layout.me.x + layout.me.w / 2, y: layout.me.y - 4, place: 'above' };
  const seat = layout.seats[relative - 1];
  const rect: Rect = seat?.rect ?? layout.felt;
  if (seat?.side === 'top') return { x: rect.x + rect.w / 2, y: rect.y + rect.h - 4, place: 'below' };
  const middle = rect.y + rect.h / 2;
  if (seat?.side === 'right') return { x: rect.x + rect.w, y: middle, place: 'fromRight' };
  return { x: rect.x, y: middle, place: 'fromLeft' };
}

function Bubble({
  shown,
  game,
  layout,
  bottomSeat,
}: {
  shown: ShownEmote;
  game: GameView;
  layout: TableLayout;
  bottomSeat: number;
}) {
  const emote = emoteOf(shown.emote);
  const { x, y, place } = bubblePlace(layout, relativeSeat(shown.seat, bottomSeat, game.players.length));
  return (
    <div className={classes.anchor} style={{ left: x, top: y }}>
      <Paper
        key={shown.id}
        radius="xl"
        shadow="md"
        className={`${classes.bubble} ${classes[place]}`}
        data-testid="emote-bubble"
        data-seat={shown.seat}
        aria-hidden
      >
        <span className={classes.emoji}>{emote.emoji}</span>
        <Text size="sm" fw={600} c="gray.0">
          {emote.label}
        </Text>
      </Paper>
    </div>
  );
}

/**
 * Reactions at the table (docs/design.md, "Table reactions"): each seat's latest one in a bubble
 * by the seat, read out to screen readers, and a button at the viewer's seat that offers the
 * reactions (players at an active table) and mutes them, one player or everyone, for this game.
 */
export function TableReactions({
  game,
  layout,
  bottomSeat,
  emotes,
}: {
  game: GameView;
  layout: TableLayout;
  bottomSeat: number;
  emotes: TableEmotes;
}) {
  const [opened, setOpened] = useState(false);
  const latest = emotes.shown.at(-1);
  const others = game.players.filter((p) => p.seat !== game.you?.seat);
  const nameOf = (seat: number) =>
    seat === game.you?.seat ? 'You' : (game.players[seat]?.username ?? `Seat ${seat + 1}`);
  const { me } = layout;
  return (
    <>
      <div className={classes.layer}>
        {emotes.shown.map((shown) => (
          <Bubble key={shown.id} shown={shown} game={game} layout={layout} bottomSeat={bottomSeat} />
        ))}
      </div>
      <VisuallyHidden role="log" aria-live="polite">
        {latest && <p key={latest.id}>{emoteAnnouncement(nameOf(latest.seat), latest.emote)}</p>}
      </VisuallyHidden>
      <div
        className={classes.button}
        style={{ left: me.x + me.w - BUTTON_PX - 4, top: me.y + (me.h - BUTTON_PX) / 2 }}
      >
        <Popover
          opened={opened}
          onChange={setOpened}
          position="top-end"
          shadow="md"
          width={280}
          trapFocus
          withArrow
        >
          <Popover.Target>
            <ActionIcon
              variant="light"
              color="accent"
              size={BUTTON_PX}
              radius="xl"
              aria-label="Reactions"
              onClick={() => setOpened((o) => !o)}
            >
              <IconMoodSmile size={22} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="sm">
              {emotes.canSend && (
                <SimpleGrid cols={4} spacing={4} verticalSpacing={4}>
                  {EMOTES.map((emote) => (
                    <UnstyledButton
                      key={emote.id}
                      className={classes.emote}
                      aria-label={emote.label}
                      title={emote.label}
                      onClick={() => {
                        emotes.send(emote.id);
                        setOpened(false);
                      }}
                    >
                      <span className={classes.emoji} aria-hidden>
                        {emote.emoji}
                      </span>
                      <Text size="10px" c="dark.1" lh={1.1} ta="center">
                        {emote.label}
                      </Text>
                    </UnstyledButton>
                  ))}
                </SimpleGrid>
              )}
              {emotes.canSend && <Divider label="Mute for this game" labelPosition="left" />}
              {!emotes.canSend && (
                <Text size="sm" fw={600}>
                  Mute reactions for this game
                </Text>
              )}
              <Switch
                label="Everyone"
                aria-label="Mute everyone"
                checked={emotes.mutes.all}
                onChange={(event) => emotes.muteAll(event.currentTarget.checked)}
              />
              {others.map((player) => (
                <Switch
                  key={player.seat}
                  label={player.username}
                  aria-label={`Mute ${player.username}`}
                  disabled={emotes.mutes.all}
                  checked={emotes.mutes.all || emotes.mutes.seats.includes(player.seat)}
                  onChange={(event) => emotes.muteSeat(player.seat, event.currentTarget.checked)}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </div>
    </>
  );
}
