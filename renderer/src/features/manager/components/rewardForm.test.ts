import { describe, expect, it } from 'vitest';
import { amountOf, dayOf, NEW_REWARD, rewardBody, validateReward } from './rewardForm';

describe('daily reward form rules', () => {
  it('a non-numeric day falls back to 1 and a non-numeric amount to 0', () => {
    expect(dayOf('abc')).toBe(1);
    expect(dayOf('')).toBe(1);
    expect(dayOf('  ')).toBe(1);
    expect(dayOf('7')).toBe(7);
    expect(amountOf('abc')).toBe(0);
    expect(amountOf('')).toBe(0);
    expect(amountOf('120')).toBe(120);
  });

  it('a new reward starts as day 1, 50 coins, "Daily login reward", no image, active, no bonus', () => {
    expect(NEW_REWARD).toEqual({
      day: '1',
      amount: '50',
      currencyType: 'regular',
      description: 'Daily login reward',
      imageUrl: '',
      isActive: true,
      bonusItemId: null,
    });
    expect(validateReward(NEW_REWARD)).toEqual({});
  });

  it('day and amount are whole numbers of at least 1; the description is required', () => {
    expect(validateReward({ ...NEW_REWARD, day: '0', amount: '', description: '   ' })).toEqual({
      day: 'Day must be at least 1',
      amount: 'Amount must be at least 1',
      description: 'Description is required',
    });
    expect(validateReward({ ...NEW_REWARD, day: '1.5', amount: '2.25' })).toEqual({
      day: 'Day must be a whole number',
      amount: 'Amount must be a whole number',
    });
    // Non-numeric day → 1 passes; non-numeric amount → 0 does not.
    expect(validateReward({ ...NEW_REWARD, day: 'x', amount: 'x' })).toEqual({
      amount: 'Amount must be at least 1',
    });
  });

  it('the body carries numbers, a trimmed description and null for no image', () => {
    expect(
      rewardBody({
        ...NEW_REWARD,
        day: '8',
        amount: '20',
        currencyType: 'premium',
        description: ' Bonus ',
        bonusItemId: 4,
      }),
    ).toEqual({
      day: 8,
      amount: 20,
      currencyType: 'premium',
      description: 'Bonus',
      imageUrl: null,
      isActive: true,
      bonusItemId: 4,
    });
  });
});
