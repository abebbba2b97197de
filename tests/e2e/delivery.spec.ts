import { expect, test, type Response } from '@playwright/test';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the server must send for each kind of file the home page loads (docs/operations.md, "Serving the web app"). */
function expected(pathname: string): { compressed: boolean; cache: string } {
  const A_DAY = 'public, max-age=86400';
  // Compressed already: fonts, images and audio go out as they are.
  const compressed = !/\.(woff2?|png|jpe?g|webp|gif|mp3|webm)$/.test(pathname);
  if (/^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(pathname))
    return { compressed, cache: IMMUTABLE };
  if (/^\/(assets\/(decks|shop)|sounds)\//.test(pathname)) return { compressed, cache: A_DAY };
  if (/^\/[^/]+\.(svg|ico|png)$/.test(pathname)) return { compressed, cache: A_DAY };
  return { compressed, cache: 'no-cache' };
}

test('the home page arrives compressed, each file with its cache rule, and no source map is served', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(baseURL!) && !response.url().includes('/api/')) responses.push(response);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Play now' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // Sounds load after the player's first gesture (no audio before one; docs/design.md, "Sound").
  await page.keyboard.press('Shift');
  await expect.poll(() => responses.some((r) => r.url().endsWith('.mp3'))).toBe(true);
  await page.waitForLoadState('networkidle');

  const kinds = new Set<string>();
  for (const response of responses) {
    if (response.status() !== 200) continue;
    const { pathname } = new URL(response.url());
    const headers = await response.allHeaders();
    const offered = (await response.request().allHeaders())['accept-encoding'] ?? '';
    const { compressed, cache } = expected(pathname);
    const encoding = offered.includes('br') ? 'br' : 'gzip';
    expect(headers['content-encoding'], pathname).toBe(compressed ? encoding : undefined);
    expect(headers['cache-control'], pathname).toBe(cache);
    expect(headers.vary, pathname).toMatch(/accept-encoding/i);
    kinds.add(pathname === '/' ? 'html' : pathname.split('.').pop()!);
  }
  // The page, its scripts, styles, fonts, art and sounds were all looked at.
  expect([...kinds]).toEqual(expect.arrayContaining(['html', 'js', 'css', 'woff2', 'svg', 'mp3']));

  // Outside the browser (which may offer gzip alone over plain HTTP), brotli is what a phone gets.
  const html = await (await request.get('/')).text();
  const entry = html.match(/src="(\/assets\/index-[^"]+\.js)"/)![1]!;
  const plain = await request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  const brotli = await request.fetch(entry, { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(await brotli.text()).toBe(await plain.text());

  const map = await request.get(`${entry}.map`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(map.status()).toBe(404);
});
