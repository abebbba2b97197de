// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { audio } from '../lib/audio';
import { useSoundPackSync } from './sound-packs';
import { renderWithProviders } from '../lib/testing/render';
import { toastsAtom } from '../lib/toast';
import { SoundSettings } from './SoundSettings';

vi.mock('howler', () => ({
  Howl: class {
    play() {}
    pause() {}
    stop() {}
    volume() {}
    playing() {
      return false;
    }
    once() {}
  },
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const kalimba = { itemId: 12, name: 'Kalimba', slug: 'kalimba' };
const chimes = { itemId: 13, name: 'Evening Chimes', slug: 'chimes' };

function Panel() {
  useSoundPackSync(1);
  return <SoundSettings userId={1} />;
}

function show() {
  renderWithProviders(<Panel />);
}

describe('the sound settings panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    audio.setPack(null);
  });

  it('moves a slider and a mute into the store and local storage', async () => {
    vi.stubGlobal('fetch', async () => json(200, { active: null, owned: [] }));
    show();
    const effects = screen.getByRole('slider', { name: 'Sound effects volume' });
    expect(effects.getAttribute('aria-valuenow')).toBe('0.5');
    fireEvent.keyDown(effects, { key: 'ArrowLeft' });
    await waitFor(() => expect(audio.getSettings().effectsVolume).toBeCloseTo(0.45));
    expect(localStorage.getItem('sound-effects-volume')).toBe('0.45');
    fireEvent.click(screen.getByRole('switch', { name: 'Mute music' }));
    expect(audio.getSettings().musicMuted).toBe(true);
    expect(localStorage.getItem('background-music-muted')).toBe('true');
  });

  it('activates an owned pack, which the store then plays, and shows why a refusal failed', async () => {
    let active: typeof kalimba | null = null;
    const posts: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url !== '/api/users/me/sound-pack') return json(404, { message: url });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { itemId: number | null };
        posts.push(body);
        if (body.itemId === chimes.itemId)
          return json(403, {
            message: 'Cannot activate sound Evening Chimes as it has not been purchased',
            code: 'sound_pack_not_purchased',
          });
        active = body.itemId === kalimba.itemId ? kalimba : null;
      }
      return json(200, { active, owned: [kalimba, chimes] });
    });
    show();
    const select = screen.getByRole('combobox', { name: 'Sound pack' });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    expect((select as HTMLInputElement).value).toBe('Standard');

    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Kalimba', hidden: true }));
    await waitFor(() => expect(audio.getSettings().pack).toBe('kalimba'));
    expect(posts).toEqual([{ itemId: 12 }]);
    expect((select as HTMLInputElement).value).toBe('Kalimba');

    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Evening Chimes', hidden: true }));
    await waitFor(() =>
      expect(
        getDefaultStore()
          .get(toastsAtom)
          .map((t) => t.message),
      ).toContain('Cannot activate sound Evening Chimes as it has not been purchased'),
    );
    expect(audio.getSettings().pack).toBe('kalimba');

    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Standard', hidden: true }));
    await waitFor(() => expect(audio.getSettings().pack).toBeNull());
    expect(posts).toEqual([{ itemId: 12 }, { itemId: 13 }, { itemId: null }]);
  });
});
