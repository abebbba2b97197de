import { expect, test } from '@playwright/test';
import { audioManifestSchema } from '@shared/protocol';
import { registerThroughUi, uniqueName } from './helpers';

/**
 * The generated sounds as the app serves them: every file the audio manifest lists loads as MP3 and
 * decodes, and the sound settings are kept across a reload.
 */
test('every sound in the audio manifest loads as MP3 and decodes', async ({ page, request }) => {
  const res = await request.get('/sounds/manifest.json');
  expect(res.status()).toBe(200);
  const manifest = audioManifestSchema.parse(await res.json());
  expect(manifest.version).toBe(1);
  expect(manifest.categories.map((c) => c.name)).toEqual(['ui', 'gameplay', 'win', 'lose', 'background']);
  const keys = manifest.categories.flatMap((c) => c.files.map((f) => f.key));
  for (const key of [
    'navigation',
    'click',
    'notification',
    'card-deal',
    'card-play',
    'trick-won',
    'your-turn',
    'timer-warning',
    'hand-won',
    'game-won',
    'game-lost',
    'match-found',
    'table-theme',
    'evening-theme',
  ])
    expect(keys).toContain(key);

  const files = manifest.categories.flatMap((c) => c.files.map((f) => ({ ...f, category: c.name })));
  for (const file of files) {
    expect(file.url).toBe(`/sounds/${file.category}/${file.key}.mp3`);
    const sound = await request.get(file.url);
    expect(sound.status(), file.url).toBe(200);
    expect(sound.headers()['content-type'], file.url).toBe('audio/mpeg');
    expect((await sound.body()).length, file.url).toBeGreaterThan(500);
  }

  // Real MP3s: the browser decodes them, the music to loops of half a minute or more.
  await page.goto('/');
  const durations = await page.evaluate(
    async (urls) => {
      const context = new OfflineAudioContext(1, 1, 22050);
      const out: Record<string, number> = {};
      for (const url of urls) {
        const data = await (await fetch(url)).arrayBuffer();
        out[url] = (await context.decodeAudioData(data)).duration;
      }
      return out;
    },
    files.map((f) => f.url),
  );
  for (const file of files) {
    const seconds = durations[file.url]!;
    if (file.category === 'background') expect(seconds, file.url).toBeGreaterThanOrEqual(30);
    else expect(seconds, file.url).toBeGreaterThan(0.03);
  }
});

test('a sound slider and a mute persist across a reload', async ({ page }) => {
  await registerThroughUi(page, uniqueName('sound'));
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Sound settings' });
  const effects = panel.getByRole('slider', { name: 'Sound effects volume' });
  await expect(effects).toHaveAttribute('aria-valuenow', '0.5');
  await effects.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(effects).toHaveAttribute('aria-valuenow', '0.6');
  await panel.getByRole('switch', { name: 'Mute music' }).click();

  await page.reload();
  await expect(panel.getByRole('slider', { name: 'Sound effects volume' })).toHaveAttribute(
    'aria-valuenow',
    '0.6',
  );
  await expect(panel.getByRole('switch', { name: 'Mute music' })).toBeChecked();
  await expect(panel.getByRole('slider', { name: 'Master volume' })).toHaveAttribute('aria-valuenow', '1');
  expect(
    await page.evaluate(() => [
      localStorage.getItem('sound-effects-volume'),
      localStorage.getItem('background-music-muted'),
    ]),
  ).toEqual(['0.6', 'true']);
});
