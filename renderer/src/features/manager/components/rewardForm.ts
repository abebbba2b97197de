import type { CreateDailyRewardBody, CurrencyType, DailyReward } from '@shared/protocol';

/** What the daily reward dialog edits: the number fields as typed. */
export interface RewardFormValues {
  day: string;
  amount: string;
  currencyType: CurrencyType;
  description: string;
  imageUrl: string;
  isActive: boolean;
  bonusItemId: number | null;
}

/** A new reward: day 1, 50 coins, 'Daily login reward', no image, active, no bonus item. */
export const NEW_REWARD: RewardFormValues = {
  day: '1',
  amount: '50',
  currencyType: 'regular',
  description: 'Daily login reward',
  imageUrl: '',
  isActive: true,
  bonusItemId: null,
};

export function rewardFormValues(reward: DailyReward | null): RewardFormValues {
  if (!reward) return NEW_REWARD;
  return {
    day: String(reward.day),
    amount: String(reward.amount),
    currencyType: reward.currencyType,
    description: reward.description,
    imageUrl: reward.imageUrl ?? '',
    isActive: reward.isActive,
    bonusItemId: reward.bonusItemId,
  };
}

/** A typed number, or `fallback` when it is not one. */
function numberOr(text: string, fallback: number): number {
  const n = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) ? n : fallback;
}

/** The day as a number: non-numeric falls back to 1. */
export const dayOf = (text: string) => numberOr(text, 1);
/** The amount as a number: non-numeric falls back to 0 (which then fails "at least 1"). */
export const amountOf = (text: string) => numberOr(text, 0);

export type RewardFormErrors = Partial<Record<'day' | 'amount' | 'description', string>>;

export function validateReward(values: RewardFormValues): RewardFormErrors {
  const errors: RewardFormErrors = {};
  const day = dayOf(values.day);
  const amount = amountOf(values.amount);
  if (!Number.isInteger(day)) errors.day = 'Day must be a whole number';
  else if (day < 1) errors.day = 'Day must be at least 1';
  if (!Number.isInteger(amount)) errors.amount = 'Amount must be a whole number';
  else if (amount < 1) errors.amount = 'Amount must be at least 1';
  if (values.description.trim() === '') errors.description = 'Description is required';
  return errors;
}

/** The request body of a valid form. */
export function rewardBody(values: RewardFormValues): CreateDailyRewardBody {
  return {
    day: dayOf(values.day),
    amount: amountOf(values.amount),
    currencyType: values.currencyType,
    description: values.description.trim(),
    imageUrl: values.imageUrl.trim() || null,
    isActive: values.isActive,
    bonusItemId: values.bonusItemId,
  };
}
