import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryFee, Prize, TournamentStatus, TournamentSummary } from '@shared/protocol';
import { formatAmount } from '../components/currency-format';
import { ROUTES } from '@shared/protocol/routes.generated';
import { ApiError, call, failureText } from '../lib/http';
import { currencyKeys } from './currency';

/*
 * Words about arena tournaments, kept apart from the screens so the player's pages and the staff
 * area (two features) say the same thing, and so they are tested without rendering. The rules
 * they describe are in docs/design.md, "Arena tournaments".
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A countdown: "2d 04h" beyond a day, "1h 05m" beyond an hour, else "4:09"; never below "0:00".
 * Whole seconds are rounded up, so "0:00" shows only once the moment has come.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${pad(hours)}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  return `${minutes}:${pad(seconds)}`;
}

/** What the clock of a tournament counts to: its start before, its end while it runs, nothing after. */
export function countdownOf(
  tournament: Pick<TournamentSummary, 'status' | 'startsAt' | 'endsAt'>,
  now: number,
): { label: string; ms: number } | null {
  if (tournament.status === 'scheduled')
    return { label: 'Starts in', ms: Date.parse(tournament.startsAt) - now };
  if (tournament.status === 'running') return { label: 'Ends in', ms: Date.parse(tournament.endsAt) - now };
  return null;
}

/** "Free", "50 coins", "3 gems". */
export function feeText(fee: EntryFee): string {
  return fee === null ? 'Free' : formatAmount(fee.amount, fee.currencyType);
}

/** What one place wins: "1,000 coins + 5 gems + Royal deck", or "Nothing" for an empty row. */
export function prizeText(prize: Prize, itemName: (id: number) => string): string {
  const parts: string[] = [];
  if (prize.coins > 0) parts.push(formatAmount(prize.coins, 'regular'));
  if (prize.gems > 0) parts.push(formatAmount(prize.gems, 'premium'));
  if (prize.shopItemId !== null) parts.push(itemName(prize.shopItemId));
  return parts.length > 0 ? parts.join(' + ') : 'Nothing';
}

/** The first place's prize, or null when nothing is paid. */
export function topPrize(prizes: readonly Prize[]): Prize | null {
  return prizes.find((p) => p.place === 1) ?? null;
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "12 entrants", "12 / 64 entrants". */
export function entrantsText(t: Pick<TournamentSummary, 'entrantCount' | 'playerCap'>): string {
  const word = t.entrantCount === 1 && t.playerCap === null ? 'entrant' : 'entrants';
  return t.playerCap === null ? `${t.entrantCount} ${word}` : `${t.entrantCount} / ${t.playerCap} ${word}`;
}

/** "1 v 1", "3 players", "4 players". */
export function seatsText(seats: number): string {
  return seats === 2 ? '1 v 1' : `${seats} players`;
}

export const STATUS_LABELS: Record<TournamentStatus, { label: string; color: string }> = {
  scheduled: { label: 'Upcoming', color: 'blue' },
  running: { label: 'Live', color: 'red' },
  finished: { label: 'Finished', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'dark' },
};

/** A start date and time in the reader's own zone: "Mon 30 Nov, 14:05". */
export function formatStart(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale ?? 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * The server's refusal codes for tournaments (shared/protocol/tournaments.ts), in words a player
 * or a member of staff can act on. A code not listed here shows the server's own message.
 */
const ERROR_TEXTS: Record<string, string> = {
  tournament_not_found: 'This tournament does not exist, or the invitation link is not valid.',
  tournament_closed: 'Entries are closed: the tournament has started or is over.',
  tournament_full: 'The tournament is full: every place is taken.',
  already_joined: 'You have already joined this tournament.',
  rating_too_low: 'Your rating is below what this tournament accepts.',
  rating_too_high: 'Your rating is above what this tournament accepts.',
  insufficient_funds: 'You do not have enough for the entry fee. Top up in the shop and try again.',
  in_another_game: 'You are in another game. Finish it first, then join.',
  not_joined: 'You have not joined this tournament.',
  tournament_started: 'The tournament has already started.',
  tournament_not_running: 'The tournament is not running: you can only pause while it is live.',
  tournament_finished: 'The tournament is already over.',
  staff_only: 'Only managers and admins may do this.',
  start_in_past: 'The start is in the past: pick a later date and time.',
  prize_places_out_of_order: 'The prize places must be 1st, 2nd, 3rd… in order.',
  rating_band_inverted: 'The lowest rating is above the highest.',
  cap_below_seats: 'The player cap is smaller than one table.',
  unknown_prize_item: 'A prize names a shop item that no longer exists.',
  nothing_to_change: 'Nothing was changed.',
};

/** The words for a refusal code, or `fallback` for a code this renderer does not know. */
export function tournamentErrorText(code: string | null | undefined, fallback: string): string {
  return (code && ERROR_TEXTS[code]) || fallback;
}

/** The machine-readable code of a refusal (`{ message, code }`), if it has one. */
export function refusalCode(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const { code } = error.body as { code?: unknown };
  return typeof code === 'string' ? code : null;
}

/** A refusal in words by its code, else the server's message, else `fallback`. */
export function refusalText(error: unknown, fallback: string): string {
  return tournamentErrorText(refusalCode(error), failureText(error, fallback));
}

/** The shop's items (the same query as the shop's), to name the items prizes give. */
const shopItemsQueryOptions = queryOptions({
  queryKey: currencyKeys.shop,
  queryFn: () => call(ROUTES.currency.shop),
});

/** A shop item's name by its id, for prizes; "Shop item #7" until the list is in (or for one withdrawn). */
export function useItemName(): (id: number) => string {
  const shop = useQuery(shopItemsQueryOptions);
  return (id) => shop.data?.find((item) => item.id === id)?.name ?? `Shop item #${id}`;
}
