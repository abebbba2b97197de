import type {
  CreateTournamentBody,
  CurrencyType,
  TournamentSummary,
  TournamentVisibility,
  UpdateTournamentBody,
} from '@shared/protocol';
import { UPLOAD_PATH_PATTERN } from '@shared/protocol/manager';
import {
  TOURNAMENT_DEFAULT_TARGET,
  TOURNAMENT_MAX_MINUTES,
  TOURNAMENT_MAX_PLAYERS,
  TOURNAMENT_MAX_PRIZES,
  TOURNAMENT_MIN_MINUTES,
  TOURNAMENT_MIN_TARGET,
} from '@shared/protocol/tournaments';

/*
 * The staff form of an arena tournament: its values as typed, the checks the server makes
 * (shared/protocol/tournaments.ts) said in the form's words, and the request body. Pure, so it is
 * tested without rendering; see docs/design.md, "Staff area" and "Arena tournaments".
 */

export { TOURNAMENT_MAX_PRIZES };

export interface PrizeRow {
  coins: string;
  gems: string;
  shopItemId: number | null;
}

export type FeeKind = 'free' | CurrencyType;

export interface TournamentFormValues {
  name: string;
  description: string;
  bannerUrl: string;
  /** `YYYY-MM-DD` and `HH:MM` in the staff member's own time zone (the inputs' formats). */
  startDate: string;
  startTime: string;
  durationMinutes: string;
  seats: '2' | '3' | '4';
  targetScore: string;
  feeKind: FeeKind;
  feeAmount: string;
  prizes: PrizeRow[];
  ratingMin: string;
  ratingMax: string;
  playerCap: string;
  visibility: TournamentVisibility;
}

export type TournamentFormErrors = Partial<
  Record<
    | 'name'
    | 'description'
    | 'bannerUrl'
    | 'start'
    | 'durationMinutes'
    | 'targetScore'
    | 'feeAmount'
    | 'prizes'
    | 'ratingMin'
    | 'ratingMax'
    | 'playerCap',
    string
  >
> & { prizeRows?: Record<number, string> };

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const timeOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A new tournament: an hour from now on the next quarter hour, one hour long, 1 v 1 to 10, free, 1,000 coins to the winner. */
export function newTournamentValues(now: number): TournamentFormValues {
  const quarter = 15 * 60_000;
  const start = new Date(Math.ceil((now + 60 * 60_000) / quarter) * quarter);
  return {
    name: '',
    description: '',
    bannerUrl: '',
    startDate: dateOf(start),
    startTime: timeOf(start),
    durationMinutes: '60',
    seats: '2',
    targetScore: String(TOURNAMENT_DEFAULT_TARGET),
    feeKind: 'free',
    feeAmount: '100',
    prizes: [{ coins: '1000', gems: '0', shopItemId: null }],
    ratingMin: '',
    ratingMax: '',
    playerCap: '',
    visibility: 'public',
  };
}

/** The form of a tournament being edited. */
export function tournamentFormValues(t: TournamentSummary): TournamentFormValues {
  const start = new Date(t.startsAt);
  const optional = (n: number | null) => (n === null ? '' : String(n));
  return {
    name: t.name,
    description: t.description,
    bannerUrl: t.bannerUrl ?? '',
    startDate: dateOf(start),
    startTime: timeOf(start),
    durationMinutes: String(t.durationMinutes),
    seats: String(t.seats) as TournamentFormValues['seats'],
    targetScore: String(t.targetScore),
    feeKind: t.entryFee?.currencyType ?? 'free',
    feeAmount: t.entryFee ? String(t.entryFee.amount) : '100',
    prizes: [...t.prizes]
      .sort((a, b) => a.place - b.place)
      .map((p) => ({ coins: String(p.coins), gems: String(p.gems), shopItemId: p.shopItemId })),
    ratingMin: optional(t.ratingMin),
    ratingMax: optional(t.ratingMax),
    playerCap: optional(t.playerCap),
    visibility: t.visibility,
  };
}

/** A typed number, NaN when it is not one (empty included). */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** An optional whole number: null when left empty. */
function optionalOf(text: string): number | null {
  return text.trim() === '' ? null : numberOf(text);
}

/** The start as a moment, from the local date and time typed; NaN when either is missing. */
export function startOf(values: Pick<TournamentFormValues, 'startDate' | 'startTime'>): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate) || !/^\d{2}:\d{2}$/.test(values.startTime))
    return Number.NaN;
  return new Date(`${values.startDate}T${values.startTime}`).getTime();
}

/** A whole number within [min, max], or why not, in words about `label`. */
function wholeProblem(value: number, label: string, min: number, max: number): string | null {
  if (!Number.isInteger(value)) return `${label} must be a whole number`;
  if (value < min) return `${label} must be at least ${min.toLocaleString('en')}`;
  if (value > max) return `${label} must be at most ${max.toLocaleString('en')}`;
  return null;
}

export function validateTournament(values: TournamentFormValues, now: number): TournamentFormErrors {
  const errors: TournamentFormErrors = {};
  const set = (key: Exclude<keyof TournamentFormErrors, 'prizeRows'>, problem: string | null) => {
    if (problem) errors[key] = problem;
  };
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required';
  else if (name.length > 80) errors.name = 'Name must be at most 80 characters';
  if (values.description.trim().length > 2000)
    errors.description = 'Description must be at most 2000 characters';
  const banner = values.bannerUrl.trim();
  if (banner !== '' && !UPLOAD_PATH_PATTERN.test(banner))
    errors.bannerUrl = 'The banner must be an uploaded image: pick a file and press Upload';

  const start = startOf(values);
  if (Number.isNaN(start)) errors.start = 'Pick a start date and time';
  else if (start <= now) errors.start = 'The start must be in the future';

  set(
    'durationMinutes',
    wholeProblem(
      numberOf(values.durationMinutes),
      'Duration',
      TOURNAMENT_MIN_MINUTES,
      TOURNAMENT_MAX_MINUTES,
    ),
  );
  set(
    'targetScore',
    wholeProblem(numberOf(values.targetScore), 'Target', TOURNAMENT_MIN_TARGET, TOURNAMENT_DEFAULT_TARGET),
  );
  if (values.feeKind !== 'free')
    set('feeAmount', wholeProblem(numberOf(values.feeAmount), 'Entry fee', 1, 1_000_000));

  if (values.prizes.length > TOURNAMENT_MAX_PRIZES)
    errors.prizes = `At most ${TOURNAMENT_MAX_PRIZES} places are paid`;
  const rows: Record<number, string> = {};
  values.prizes.forEach((row, i) => {
    const coins = numberOf(row.coins || '0');
    const gems = numberOf(row.gems || '0');
    const problem =
      wholeProblem(coins, 'Coins', 0, 100_000_000) ??
      wholeProblem(gems, 'Gems', 0, 1_000_000) ??
      (coins === 0 && gems === 0 && row.shopItemId === null ? 'Give coins, gems or an item' : null);
    if (problem) rows[i] = problem;
  });
  if (Object.keys(rows).length > 0) errors.prizeRows = rows;

  const ratingMin = optionalOf(values.ratingMin);
  const ratingMax = optionalOf(values.ratingMax);
  if (ratingMin !== null) set('ratingMin', wholeProblem(ratingMin, 'Lowest rating', 0, 5000));
  if (ratingMax !== null) set('ratingMax', wholeProblem(ratingMax, 'Highest rating', 0, 5000));
  if (
    !errors.ratingMin &&
    !errors.ratingMax &&
    ratingMin !== null &&
    ratingMax !== null &&
    ratingMin > ratingMax
  )
    errors.ratingMax = 'The highest rating must not be below the lowest';

  const cap = optionalOf(values.playerCap);
  const seats = Number(values.seats);
  if (cap !== null) {
    set('playerCap', wholeProblem(cap, 'Player cap', 2, TOURNAMENT_MAX_PLAYERS));
    if (!errors.playerCap && cap < seats)
      errors.playerCap = `Player cap must be at least one table (${seats})`;
  }
  return errors;
}

export const hasErrors = (errors: TournamentFormErrors) => Object.keys(errors).length > 0;

/** The request body of a valid form. */
export function tournamentBody(values: TournamentFormValues): CreateTournamentBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    bannerUrl: values.bannerUrl.trim() || null,
    startsAt: new Date(startOf(values)).toISOString(),
    durationMinutes: numberOf(values.durationMinutes),
    seats: Number(values.seats) as CreateTournamentBody['seats'],
    targetScore: numberOf(values.targetScore),
    entryFee:
      values.feeKind === 'free' ? null : { currencyType: values.feeKind, amount: numberOf(values.feeAmount) },
    prizes: values.prizes.map((row, i) => ({
      place: i + 1,
      coins: numberOf(row.coins || '0'),
      gems: numberOf(row.gems || '0'),
      shopItemId: row.shopItemId,
    })),
    ratingMin: optionalOf(values.ratingMin),
    ratingMax: optionalOf(values.ratingMax),
    playerCap: optionalOf(values.playerCap),
    visibility: values.visibility,
  };
}

/** An edit sends only what changed (the server answers `nothing_to_change` to an empty one). */
export function changedFields(
  before: CreateTournamentBody,
  after: CreateTournamentBody,
): UpdateTournamentBody {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof CreateTournamentBody)[])
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = after[key];
  return changed as UpdateTournamentBody;
}
