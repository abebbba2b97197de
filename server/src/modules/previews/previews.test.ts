import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameMode, GameStatus } from '@shared/protocol';
import { SITE_TITLE } from '@shared/site';
import type { PreviewSubject } from './card';
import { MAX_CONCURRENT_RENDERS, PreviewService } from './service';
import { DIALECTS, createTestApp, register, type TestApp } from '../../testing/harness';
import { insertStoredGame, type StoredSeat } from '../../testing/stored-games';

const PUBLIC = 'http://spar.test';

/** A built web app: index.html shaped like Vite's, and the real robots.txt. */
function webApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-previews-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>${SITE_TITLE}</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-AbCdEf12.js"></script></body>
</html>
`,
  );
  copyFileSync(path.join(__dirname, '../../../../renderer/public/robots.txt'), path.join(dir, 'robots.txt'));
  return dir;
}

/** Every Open Graph / Twitter tag of a page, unescaped, by name. */
function tagsOf(html: string): Record<string, string> {
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g))
    tags[m[1]!] = unescape(m[2]!);
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html);
  if (canonical) tags.canonical = unescape(canonical[1]!);
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (title) tags.title = unescape(title[1]!);
  return tags;
}

/** Width and height from a PNG's IHDR, after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.each(DIALECTS)('link previews on %s', (dialect) => {
  let t: TestApp;
  let ama: { id: number; username: string };
  let kofi: { id: number; username: string };
  let shy: { id: number; username: string };

  /** A finished (or not) game written straight into the tables; null seats are bots. */
  async function game(
    id: string,
    mode: GameMode,
    status: GameStatus,
    seats: StoredSeat[],
    scores: number[],
    winner: number | null,
    reason: 'score' | 'resign' | null = status === 'finished' ? 'score' : null,
  ) {
    await insertStoredGame(t.app.db.kysely, {
      id,
      mode,
      status,
      seats,
      scores,
      winnerUserId: winner,
      reason,
    });
  }

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.body, url).toContain('<div id="root"></div>');
    return { body: res.body, tags: tagsOf(res.body) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { STATIC_DIR: webApp(), PUBLIC_URL: PUBLIC });
    ama = (await register(t.app, { username: 'pv_ama' })).user;
    kofi = (await register(t.app, { username: 'pv_kofi' })).user;
    shy = (await register(t.app, { username: 'pv_shy' })).user;
    await t.app.db.kysely
      .updateTable('users')
      .set({ profile_visibility: 'private' })
      .where('id', '=', shy.id)
      .execute();
    await game('ranked1', 'ranked', 'finished', [ama, kofi], [10, 7], ama.id, 'resign');
    await game('quick3', 'quick', 'finished', [kofi, ama, null], [4, 10, 2], ama.id);
    await game('practice1', 'practice', 'finished', [ama, null], [10, 3], ama.id);
    await game('private1', 'private', 'finished', [ama, kofi], [10, 8], ama.id);
    await game('invite1', 'private', 'waiting', [ama, kofi], [0, 0], null);
    await game('live1', 'ranked', 'active', [ama, kofi], [3, 2], null);
    await game('withshy', 'ranked', 'finished', [ama, shy], [10, 1], ama.id);
  }, 60_000);
  afterAll(() => t.close());

  it('the home page carries the site preview, canonical, with absolute URLs', async () => {
    const { tags } = await page('/');
    expect(tags).toMatchObject({
      title: SITE_TITLE,
      'og:title': SITE_TITLE,
      'og:type': 'website',
      'og:url': `${PUBLIC}/`,
      'og:image': `${PUBLIC}/previews/site.png`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:image': `${PUBLIC}/previews/site.png`,
      canonical: `${PUBLIC}/`,
    });
    expect(tags['og:description']).toMatch(/trick-taking card game/);
  });

  it('a public replay names its players, the score and the result', async () => {
    const { tags } = await page('/game/ranked1/replay');
    expect(tags).toMatchObject({
      title: 'pv_ama vs pv_kofi · Spar replay',
      'og:title': 'pv_ama vs pv_kofi · Spar replay',
      'og:type': 'article',
      'og:url': `${PUBLIC}/game/ranked1/replay`,
      canonical: `${PUBLIC}/game/ranked1/replay`,
      'og:image': `${PUBLIC}/previews/replay/ranked1.png`,
      'twitter:card': 'summary_large_image',
    });
    expect(tags['og:description']).toBe(
      'pv_ama won by resignation. pv_ama 10, pv_kofi 7, in a ranked game to 10. Replay it card by card on Spar.',
    );
    const three = await page('/game/quick3/replay/');
    expect(three.tags['og:title']).toBe('pv_kofi vs pv_ama vs Bot · Spar replay');
    expect(three.tags['og:description']).toMatch(
      /^pv_ama won\. pv_kofi 4, pv_ama 10, Bot 2, in a quick game/,
    );
  });

  it('practice, private, running and unknown games, and players with private profiles, preview alike and name nobody', async () => {
    const hidden = ['practice1', 'private1', 'live1', 'withshy', 'nosuchgame', 'invite1'];
    const pages = await Promise.all(hidden.map((id) => page(`/game/${id}/replay`)));
    for (const [i, { body, tags }] of pages.entries()) {
      expect(body).not.toMatch(/pv_ama|pv_kofi|pv_shy|secret-/);
      expect(tags).toMatchObject({
        title: 'A game of Spar',
        'og:title': 'A game of Spar',
        'og:image': `${PUBLIC}/previews/site.png`,
        'og:url': `${PUBLIC}/game/${hidden[i]}/replay`,
      });
      // Nothing but the address tells one from another: not even whether the game exists.
      expect(body.replaceAll(`/game/${hidden[i]}/`, '/game/X/')).toBe(
        pages[0]!.body.replaceAll('/game/practice1/', '/game/X/'),
      );
    }
  });

  it('an invitation says only that you are invited; other game tables are a plain game of Spar', async () => {
    const invitation = await page('/game/invite1');
    expect(invitation.body).not.toMatch(/pv_ama|pv_kofi/);
    expect(invitation.tags).toMatchObject({
      title: "You're invited to a game of Spar",
      'og:title': "You're invited to a game of Spar",
      'og:image': `${PUBLIC}/previews/invitation.png`,
      'og:url': `${PUBLIC}/game/invite1`,
    });
    // Escaped in the page: the apostrophe never ends an attribute.
    expect(invitation.body).toContain('content="You&#39;re invited to a game of Spar"');
    for (const id of ['live1', 'practice1', 'nosuchgame']) {
      const { body, tags } = await page(`/game/${id}`);
      expect(body).not.toMatch(/pv_ama|pv_kofi/);
      expect(tags['og:title']).toBe('A game of Spar');
    }
  });

  it('addresses that could not be a game, and other pages, get the site preview and never a 500', async () => {
    // An address that does not decode is refused by the router itself, as a client error.
    const undecodable = await t.app.inject({ method: 'GET', url: '/game/%ZZ/replay' });
    expect(undecodable.statusCode).toBeGreaterThanOrEqual(400);
    expect(undecodable.statusCode).toBeLessThan(500);
    for (const url of [`/game/${'x'.repeat(200)}/replay`, '/game/a%22b/replay', '/game/%3Cscript%3E']) {
      const { body, tags } = await page(url);
      expect(body).not.toContain('<script>');
      expect(tags['og:image']).toBe(`${PUBLIC}/previews/site.png`);
    }
    const shop = await page('/shop?tab=decks');
    expect(shop.tags).toMatchObject({ title: SITE_TITLE, 'og:url': `${PUBLIC}/` });
    expect(shop.tags.canonical).toBeUndefined();
  });

  it('escapes hostile names and strips characters that reorder or hide text', async () => {
    const hostile = [
      { name: '"><script>alert(1)</script>', shown: '"><script>alert(1)</scr…' },
      { name: "a' onload='x", shown: "a' onload='x" },
      { name: 'evil\u202Egnp.exe\u200B', shown: 'evilgnp.exe' },
      { name: 'Ω'.repeat(300), shown: `${'Ω'.repeat(23)}…` },
    ];
    for (const [i, { name, shown }] of hostile.entries()) {
      const user = (await register(t.app, { username: `pv_host${i}` })).user;
      // Names are checked at sign-up; these arrive as an older or compromised row would.
      await t.app.db.kysely.updateTable('users').set({ username: name }).where('id', '=', user.id).execute();
      await game(`hostile${i}`, 'ranked', 'finished', [user, kofi], [10, 5], user.id);
      const { body, tags } = await page(`/game/hostile${i}/replay`);
      expect(body).not.toContain('<script>alert');
      expect(body).not.toContain("' onload='");
      expect(body).not.toMatch(/[\u202E\u200B]/);
      expect(tags['og:title']).toBe(`${shown} vs pv_kofi · Spar replay`);
      expect(tags['og:description']).toContain(`${shown} won.`);
      expect(tags.title).toBe(`${shown} vs pv_kofi · Spar replay`);
    }
  });

  it('preview images are 1200×630 PNGs with caching headers, and a hidden game gets the site image', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers, remoteAddress: '10.9.9.1' });
    const site = await get('/previews/site.png');
    expect(site.statusCode).toBe(200);
    expect(site.headers['content-type']).toBe('image/png');
    expect(site.headers['cache-control']).toBe('public, max-age=86400');
    expect(site.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(site.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(pngSize(site.rawPayload)).toEqual({ width: 1200, height: 630 });

    const again = await get('/previews/site.png', { 'if-none-match': site.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const replay = await get('/previews/replay/ranked1.png');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['cache-control']).toBe('public, max-age=3600');
    expect(pngSize(replay.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(replay.headers.etag).not.toBe(site.headers.etag);

    const invitation = await get('/previews/invitation.png');
    expect(pngSize(invitation.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(invitation.headers.etag).not.toBe(site.headers.etag);

    for (const id of ['practice1', 'private1', 'invite1', 'withshy', 'nosuchgame']) {
      const hidden = await get(`/previews/replay/${id}.png`);
      expect(hidden.statusCode, id).toBe(200);
      expect(hidden.headers.etag, id).toBe(site.headers.etag);
      expect(hidden.rawPayload.equals(site.rawPayload), id).toBe(true);
    }
    for (const url of ['/previews/replay/ranked1.jpg', '/previews/replay/a%2Fb.png', '/previews/replay/.png'])
      expect((await get(url)).statusCode, url).toBe(404);
  }, 60_000);

  it('draws each image once however many ask at once, and again only when what it shows changes', async () => {
    const drawn: PreviewSubject[] = [];
    const previews = new PreviewService({
      db: t.app.db,
      publicUrl: PUBLIC,
      staticDir: webApp(),
      cacheEntries: 2,
      render: async (subject) => {
        drawn.push(subject);
        return Buffer.from(JSON.stringify(subject));
      },
    });
    const burst = await Promise.all(Array.from({ length: 20 }, () => previews.replayImage('ranked1')));
    expect(drawn).toHaveLength(1);
    expect(new Set(burst.map((image) => image.etag)).size).toBe(1);
    expect(drawn[0]).toMatchObject({
      kind: 'replay',
      players: [
        { name: 'pv_ama', score: 10, winner: true },
        { name: 'pv_kofi', score: 7, winner: false },
      ],
    });

    // A player who renames (or whose account is anonymised) is drawn anew, under a new ETag.
    const kofiRenamed = 'pv_kofi_2';
    await t.app.db.kysely
      .updateTable('users')
      .set({ username: kofiRenamed })
      .where('id', '=', kofi.id)
      .execute();
    try {
      const renamed = await previews.replayImage('ranked1');
      expect(drawn).toHaveLength(2);
      expect(renamed.etag).not.toBe(burst[0]!.etag);
      expect(renamed.png.toString()).toContain(kofiRenamed);
    } finally {
      await t.app.db.kysely
        .updateTable('users')
        .set({ username: kofi.username })
        .where('id', '=', kofi.id)
        .execute();
    }
    // The cache holds two: the site image pushes the oldest out, which is then drawn again.
    await previews.siteImage();
    await previews.replayImage('ranked1');
    expect(drawn.map((s) => s.kind)).toEqual(['replay', 'replay', 'site', 'replay']);
  });

  it('draws at most MAX_CONCURRENT_RENDERS images at once; the others wait their turn and are all drawn', async () => {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    let running = 0;
    let most = 0;
    const previews = new PreviewService({
      db: t.app.db,
      publicUrl: PUBLIC,
      staticDir: webApp(),
      render: (subject) => {
        started.push(subject.kind);
        running += 1;
        most = Math.max(most, running);
        return new Promise((resolve) =>
          finish.set(subject.kind, () => {
            running -= 1;
            resolve(Buffer.from(subject.kind));
          }),
        );
      },
    });
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    const until = async (ready: () => boolean) => {
      for (let i = 0; i < 1000 && !ready(); i++) await settled();
    };
    // The replay's image is drawn once its game is looked up; the other two are asked for after.
    const replay = previews.replayImage('ranked1');
    await until(() => started.length === 1);
    const site = previews.siteImage();
    const invitation = previews.invitationImage();
    for (let i = 0; i < 10; i++) await settled();
    expect(MAX_CONCURRENT_RENDERS).toBe(2);
    expect(started).toEqual(['replay', 'site']);
    finish.get('site')!();
    expect((await site).png.toString()).toBe('site');
    await until(() => started.length === 3);
    expect(started).toEqual(['replay', 'site', 'invitation']);
    finish.get('replay')!();
    finish.get('invitation')!();
    expect((await replay).png.toString()).toBe('replay');
    expect((await invitation).png.toString()).toBe('invitation');
    expect(most).toBe(2);

    // A failed drawing gives its place back too.
    const failing = new PreviewService({
      db: t.app.db,
      publicUrl: PUBLIC,
      staticDir: webApp(),
      maxConcurrentRenders: 1,
      render: async (subject) => {
        if (subject.kind === 'site') throw new Error('drawing failed');
        return Buffer.from(subject.kind);
      },
    });
    await expect(failing.siteImage()).rejects.toThrow('drawing failed');
    expect((await failing.invitationImage()).png.toString()).toBe('invitation');
  });

  it('limits preview images per address', async () => {
    const get = () => t.app.inject({ method: 'HEAD', url: '/previews/site.png', remoteAddress: '10.9.9.2' });
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await get()).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  }, 60_000);

  it('serves robots.txt as text, keeping crawlers out of the API and the signed-in pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const rules = res.body.split('\n').filter((line) => /^(Allow|Disallow):/.test(line));
    for (const path of ['/api/', '/manager', '/messages', '/profile', '/auth', '/delete-account', '/shop'])
      expect(rules).toContain(`Disallow: ${path}`);
    for (const path of ['/game/', '/previews/', '/privacy-policy', '/terms-of-service'])
      expect(rules).toContain(`Allow: ${path}`);
    expect(rules.some((rule) => /^Disallow: \/(game|previews)?$/.test(rule))).toBe(false);
  });
});
