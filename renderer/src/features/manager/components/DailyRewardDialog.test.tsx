// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyReward } from '@shared/protocol';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { DailyRewardDialog } from './DailyRewardDialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saved: DailyReward = {
  id: 9,
  day: 3,
  amount: 75,
  currencyType: 'premium',
  description: 'Midweek gems',
  imageUrl: '/uploads/abc.png',
  isActive: true,
  bonusItemId: null,
};

function stubServer() {
  const fetch = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(
      url.endsWith('/api/manager/shop-items') && (init?.method ?? 'GET') === 'GET'
        ? json(200, [])
        : json(init?.method === 'POST' ? 201 : 200, saved),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(reward: DailyReward | null, onClose = vi.fn()) {
  renderWithProviders(<DailyRewardDialog reward={reward} opened onClose={onClose} />);
  return onClose;
}

const writes = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT');

describe('daily reward dialog', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds a reward from the defaults', async () => {
    const fetch = stubServer();
    const onClose = show(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Daily Reward' });
    const day = within(dialog).getByLabelText(/^Day/) as HTMLInputElement;
    expect(day.value).toBe('1');
    expect(day.min).toBe('1');
    expect(day.step).toBe('1');
    expect(day.required).toBe(true);
    expect((within(dialog).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('50');
    expect((within(dialog).getByLabelText(/^Description/) as HTMLInputElement).value).toBe(
      'Daily login reward',
    );
    expect(within(dialog).getByPlaceholderText('Enter image URL')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = writes(fetch)[0]!;
    expect(url).toBe('/api/manager/daily-rewards');
    expect(JSON.parse(String(init!.body))).toEqual({
      day: 1,
      amount: 50,
      currencyType: 'regular',
      description: 'Daily login reward',
      imageUrl: null,
      isActive: true,
      bonusItemId: null,
    });
  });

  it('a cleared day falls back to 1, a cleared amount to 0 which is refused, and the description is required', async () => {
    const fetch = stubServer();
    const onClose = show(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Daily Reward' });
    const day = within(dialog).getByLabelText(/^Day/) as HTMLInputElement;
    const amount = within(dialog).getByLabelText(/^Amount/) as HTMLInputElement;
    fireEvent.change(day, { target: { value: '' } });
    fireEvent.blur(day);
    expect(day.value).toBe('1');
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.blur(amount);
    expect(amount.value).toBe('0');
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    await within(dialog).findByText('Amount must be at least 1');
    within(dialog).getByText('Description is required');
    expect(writes(fetch)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    // Corrected, it goes through with the fallback day.
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Small one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(writes(fetch)[0]![1]!.body))).toMatchObject({
      day: 1,
      amount: 5,
      description: 'Small one',
    });
  });

  it('a day that already has an active reward is said by the Day field, and the dialog stays open', async () => {
    const fetch = stubServer();
    fetch.mockImplementation((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json(409, { message: 'Day 1 already has an active reward', code: 'daily_reward_day_taken' })
          : json(200, []),
      ),
    );
    const onClose = show(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Daily Reward' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    await within(dialog).findByText('Day 1 already has an active reward');
    const day = within(dialog).getByLabelText(/^Day/);
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(getDefaultStore().get(toastsAtom)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an existing reward with PUT, and a failure keeps the dialog open with the server message', async () => {
    const fetch = stubServer();
    fetch.mockImplementation((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'PUT' ? json(400, { message: 'day must be at least 1' }) : json(200, []),
      ),
    );
    const onClose = show(saved);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Daily Reward' });
    expect((within(dialog).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('75');
    expect((within(dialog).getByLabelText('Image URL (Optional)') as HTMLInputElement).value).toBe(
      '/uploads/abc.png',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Could not save the reward', message: 'day must be at least 1', type: 'error' },
    ]);
    expect(writes(fetch)[0]![0]).toBe('/api/manager/daily-rewards/9');
    expect(onClose).not.toHaveBeenCalled();
  });
});
