// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DailyReward } from '@shared/protocol';
import { renderWithProviders } from '../../../lib/testing/render';
import { DailyRewardsSection } from './DailyRewardsSection';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const coins: DailyReward = {
  id: 1,
  day: 1,
  amount: 50,
  currencyType: 'regular',
  description: 'Daily login reward',
  imageUrl: null,
  isActive: true,
  bonusItemId: null,
};
const gems: DailyReward = {
  id: 7,
  day: 7,
  amount: 10,
  currencyType: 'premium',
  description: 'A full week',
  imageUrl: '/uploads/week.png',
  isActive: false,
  bonusItemId: 70,
};

function show(stacked: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      json(url.endsWith('/shop-items') ? [{ id: 70, name: 'Lion of the Savanna' }] : [coins, gems]),
    ),
  );
  renderWithProviders(<DailyRewardsSection stacked={stacked} />);
}

describe('daily rewards section', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lays the rewards out as a table with a column per field on wide screens', async () => {
    show(false);
    const table = await screen.findByRole('table', { name: 'Daily rewards' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Day', 'Reward', 'Description', 'Image', 'Bonus item', 'Status', '']);
    const week = within(table).getAllByRole('row')[2]!;
    expect(within(week).getByText('Lion of the Savanna')).toBeTruthy();
    expect(within(week).getByText('Inactive')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Daily rewards' })).toBeNull();
  });

  it('shows one card per reward on a phone, every field in it, and opens the editor from it', async () => {
    show(true);
    const list = await screen.findByRole('list', { name: 'Daily rewards' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, week] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Day1');
    expect(first!.textContent).toContain('50 coins');
    expect(first!.textContent).toContain('Active');
    // No bonus item and no picture: nothing stands in for them.
    expect(first!.textContent).not.toContain('Bonus item');
    expect(within(first!).queryByRole('img', { name: /image/ })).toBeNull();

    expect(week!.textContent).toContain('10 gems');
    expect(week!.textContent).toContain('Inactive');
    expect(await within(week!).findByText('Bonus item: Lion of the Savanna')).toBeTruthy();
    expect(within(week!).getByRole('img', { name: 'Day 7 image' }).getAttribute('src')).toBe(
      '/uploads/week.png',
    );

    fireEvent.click(within(week!).getByText('A full week'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Daily Reward' });
    expect((within(dialog).getByLabelText(/^Day/) as HTMLInputElement).value).toBe('7');
    expect((within(dialog).getByLabelText(/^Description/) as HTMLInputElement).value).toBe('A full week');
  });

  it('opens the editor from a card’s edit button too', async () => {
    show(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit day 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Daily Reward' });
    expect((within(dialog).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('50');
  });
});
