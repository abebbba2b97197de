// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffAction } from '@shared/protocol';
import { renderWithProviders } from '../../../lib/testing/render';
import { AuditSection } from './AuditSection';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const action = (id: number, name: string, details: Record<string, unknown>): StaffAction => ({
  id,
  staffUserId: 3,
  staffUsername: 'kemi',
  action: name,
  targetType: 'user',
  targetId: '17',
  details,
  createdAt: 1_767_268_800_000,
});

describe('audit log', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('pages back with the cursor and shows what the picked entry wrote', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('before=42')
        ? json({ actions: [action(41, 'image.upload', { imageUrl: '/uploads/a.png' })], nextBefore: null })
        : json({
            actions: [action(42, 'user.adjust', { amount: -12, reason: 'Chargeback' })],
            nextBefore: 42,
          }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AuditSection stacked={false} />);
    const list = await screen.findByRole('list', { name: 'Staff actions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/manager/audit?limit=50');
    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await within(list).findByText('Image uploaded');
    expect(within(list).queryByText('image.upload')).toBeNull();
    expect(fetch.mock.calls[1]![0]).toBe('/api/manager/audit?limit=50&before=42');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();

    screen.getByText('Pick an entry to see what was written.');
    fireEvent.click(within(list).getByRole('button', { name: /Balance adjusted/ }));
    expect(screen.getByRole('heading', { name: 'Balance adjusted' })).toBeTruthy();
    expect(await screen.findByText(/"reason": "Chargeback"/)).toBeTruthy();
    screen.getByText(/By kemi on .* · user 17/);
  });
});
