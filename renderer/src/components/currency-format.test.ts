import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './currency-format';

describe('currency formatting', () => {
  it('formats a real-money price from its minor unit', () => {
    expect(formatMoney(150_000, 'NGN')).toBe('₦1,500');
    expect(formatMoney(150_050, 'NGN')).toBe('₦1,500.50');
    expect(formatMoney(499, 'USD')).toBe('$4.99');
    // A currency without a minor unit is not divided.
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });

  it('names the currency and signs ledger amounts', () => {
    expect(formatAmount(1000, 'regular')).toBe('1,000 coins');
    expect(formatAmount(1, 'premium')).toBe('1 gem');
    expect(formatAmount(-30, 'premium', true)).toBe('−30 gems');
    expect(formatAmount(50, 'regular', true)).toBe('+50 coins');
  });
});
