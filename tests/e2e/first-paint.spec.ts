import { expect, test, type Page } from '@playwright/test';
import { registerPlayer, signInContext } from './web-measure';
import { uniqueName } from './helpers';

/**
 * The landing page painted from index.html before any script, and the app taking over from it
 * (docs/design.md, "Renderer: the first paint").
 */

const SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

const HERO = { level: 2, name: /West African card game/ } as const;

/** Where the landing page's landmarks lie, and how its call to action is drawn, to compare the two. */
async function layoutOf(page: Page) {
  const boxes = await Promise.all(
    [
      page.getByRole('heading', HERO),
      page.getByText(/trick-taking game for two to four players/),
      page.getByRole('button', { name: 'Play now' }),
      page.getByRole('link', { name: 'Sign in' }),
      page.getByRole('img', { name: 'King of spades' }),
      page.getByText('First to 10 wins'),
    ].map((locator) => locator.boundingBox()),
  );
  const looks = await page.getByRole('button', { name: 'Play now' }).evaluate((button) => {
    const style = getComputedStyle(button);
    return { background: style.backgroundColor, color: style.color, font: style.fontFamily };
  });
  return {
    boxes: boxes.map(
      (box) => box && { x: Math.round(box.x), y: Math.round(box.y), w: Math.round(box.width) },
    ),
    looks,
  };
}

test('with scripts off, a cold / shows the landing page, laid out as the app then draws it', async ({
  browser,
}) => {
  // Six cold loads: a minute and more on a loaded two-core machine.
  test.setTimeout(120_000);
  for (const size of SIZES) {
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: size });
    const before = await noScript.newPage();
    await before.goto('/');
    await expect(before.getByRole('heading', HERO)).toBeVisible();
    await expect(before.getByRole('button', { name: 'Play now' })).toBeVisible();
    await before.screenshot({
      path: `test-results/e2e/first-paint-${size.width}-html.png`,
      animations: 'disabled',
    });
    const prerendered = await layoutOf(before);
    // The theme's gold, not a transparent button missing its rules.
    expect(prerendered.looks.background).toBe('rgb(240, 168, 0)');
    await noScript.close();

    const app = await browser.newContext({ viewport: size });
    const after = await app.newPage();
    await after.goto('/');
    await expect(after.locator('#first-paint, #first-paint-style')).toHaveCount(0);
    await expect(after.getByRole('heading', HERO)).toBeVisible();
    await after.screenshot({
      path: `test-results/e2e/first-paint-${size.width}-app.png`,
      animations: 'disabled',
    });
    expect(await layoutOf(after), `${size.width}×${size.height}`).toEqual(prerendered);
    await app.close();
  }
});

test('the app takes over from the prerendered page with no frame without it', async ({ page }) => {
  // Every frame from the first, until the app has replaced the prerender: is the hero drawn?
  await page.addInitScript(() => {
    const frames: boolean[] = [];
    (window as unknown as { heroFrames: boolean[] }).heroFrames = frames;
    const sample = () => {
      const hero = Array.from(document.querySelectorAll('h2')).find((h) =>
        h.textContent?.includes('West African'),
      );
      frames.push(!!hero && hero.getBoundingClientRect().height > 0);
      if (frames.length < 2000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.goto('/');
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play now' })).toBeEnabled();
  const frames = await page.evaluate(() => (window as unknown as { heroFrames: boolean[] }).heroFrames);
  const first = frames.indexOf(true);
  expect(first, 'the hero is drawn').toBeGreaterThanOrEqual(0);
  expect(frames.slice(first).indexOf(false), 'a frame without the hero after it was first drawn').toBe(-1);
});

test('the first paint keeps the prerender hidden for a signed-in visitor and on other pages, by the inline script the CSP allows', async ({
  browser,
}) => {
  const violations: string[] = [];
  const context = await browser.newContext();
  // Only the HTML: what is painted before the app's scripts arrive.
  await context.route('**/assets/*.js', (route) => route.abort());
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', HERO)).toBeVisible();
  await page.goto('/games');
  await expect(page.getByRole('heading', HERO)).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-first-paint', 'app');

  await signInContext(context, await registerPlayer(context.request, uniqueName('fp_in')));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-first-paint', 'app');
  await expect(page.getByRole('heading', HERO)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Play now' })).toBeHidden();
  expect(violations).toEqual([]);
  await context.close();
});

test('a signed-in visitor gets the app’s own home page, and no prerender left in it', async ({ page }) => {
  await signInContext(page.context(), await registerPlayer(page.request, uniqueName('fp_home')));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Ranked' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play now' })).toHaveCount(0);
});
