import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { GameState } from '@shared/game';
import { GAME_ID_PATTERN, type FinishReason } from '@shared/protocol';
import { SITE_DESCRIPTION, SITE_TITLE } from '@shared/site';
import type { Db } from '../../db';
import { renderPreview, type PreviewSubject } from './card';
import { displayName, injectMeta, type PageMeta } from './page-meta';
import { previewGameOf, previewSeatsOf } from './repo';

/** Bumped whenever the drawing changes, so cached images and their ETags renew. */
const DRAWING_VERSION = '1';

export type PreviewImage = { png: Buffer; etag: string };

export interface PreviewServiceDeps {
  db: Db;
  /** Absolute base of every URL a preview names (PUBLIC_URL). */
  publicUrl: string;
  /** The built web app, whose index.html the pages are made from. */
  staticDir: string;
  /** Images kept in memory, most recently asked first out last. */
  cacheEntries?: number;
  /** Where a failed look-up is reported (the page is then served with the site's preview). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Draws an image; tests count the calls. */
  render?: (subject: PreviewSubject) => Promise<Buffer>;
  /** Images drawn at once at most; the rest wait their turn (MAX_CONCURRENT_RENDERS). */
  maxConcurrentRenders?: number;
}

/**
 * Drawing runs on libuv's thread pool (4 threads by default), which file reads and DNS look-ups
 * share, and each drawing holds a few megabytes: a burst of new links must not take it all.
 */
export const MAX_CONCURRENT_RENDERS = 2;

const RESULT: Record<FinishReason, (winner: string) => string> = {
  score: (winner) => `${winner} won`,
  resign: (winner) => `${winner} won by resignation`,
  timeout: (winner) => `${winner} won on time`,
  abandon: (winner) => `${winner} won: an opponent left`,
};

type ReplaySubject = Extract<PreviewSubject, { kind: 'replay' }>;

/**
 * Link previews of the pages a player shares: the home page, a finished game's replay and a
 * private game's invitation. Only a replay anyone could watch names its players; every other game
 * (private, practice, running, unknown) looks the same as a game nobody may see. See
 * docs/design.md, "Titles and link previews".
 */
export class PreviewService {
  private readonly images: LRUCache<string, Promise<Buffer>>;
  private readonly render: (subject: PreviewSubject) => Promise<Buffer>;
  private indexHtml: Promise<string> | null = null;
  /** Drawings running now, and those waiting for one of them to finish. */
  private drawing = 0;
  private readonly queued: (() => void)[] = [];

  constructor(private readonly deps: PreviewServiceDeps) {
    this.images = new LRUCache({ max: deps.cacheEntries ?? 200 });
    this.render = deps.render ?? renderPreview;
  }

  /** Draws `subject` once fewer than the cap are being drawn. */
  private async draw(subject: PreviewSubject): Promise<Buffer> {
    if (this.drawing < (this.deps.maxConcurrentRenders ?? MAX_CONCURRENT_RENDERS)) this.drawing += 1;
    // The finishing drawing hands its place over, so the count stays as it is.
    else await new Promise<void>((resolve) => this.queued.push(resolve));
    try {
      return await this.render(subject);
    } finally {
      const next = this.queued.shift();
      if (next) next();
      else this.drawing -= 1;
    }
  }

  /** The built index.html with the page's preview tags; read from disk once. */
  async pageHtml(pathname: string): Promise<string> {
    this.indexHtml ??= readFile(path.join(this.deps.staticDir, 'index.html'), 'utf8');
    const html = await this.indexHtml.catch((error: unknown) => {
      this.indexHtml = null;
      throw error;
    });
    const meta = await this.pageMeta(pathname).catch((error: unknown) => {
      // A preview is never worth failing the page over.
      this.deps.log?.warn({ err: error, pathname }, 'link preview failed');
      return this.siteMeta(false);
    });
    return injectMeta(html, meta);
  }

  /** What a link to `pathname` previews as. */
  async pageMeta(pathname: string): Promise<PageMeta> {
    const path = pathname.replace(/\/+$/, '') || '/';
    if (path === '/') return this.siteMeta(true);
    const replay = /^\/game\/([^/]+)\/replay$/.exec(path);
    if (replay) return this.replayMeta(decodeId(replay[1]!));
    const game = /^\/game\/([^/]+)$/.exec(path);
    if (game) return this.gameMeta(decodeId(game[1]!));
    return this.siteMeta(false);
  }

  /** The site's brand image. */
  siteImage(): Promise<PreviewImage> {
    return this.image({ kind: 'site' });
  }

  /** The invitation image: the same for every private game, naming nobody. */
  invitationImage(): Promise<PreviewImage> {
    return this.image({ kind: 'invitation' });
  }

  /** A replay's image; a game whose replay is not public gets the site's image. */
  async replayImage(id: string): Promise<PreviewImage> {
    return this.image((await this.publicReplay(id)) ?? { kind: 'site' });
  }

  private async image(subject: PreviewSubject): Promise<PreviewImage> {
    const etag = `"${createHash('sha256')
      .update(`${DRAWING_VERSION}\n${JSON.stringify(subject)}`)
      .digest('base64url')
      .slice(0, 27)}"`;
    let png = this.images.get(etag);
    if (!png) {
      // The promise is cached, so a link shared to many at once is drawn once.
      png = this.draw(subject);
      this.images.set(etag, png);
      png.catch(() => this.images.delete(etag));
    }
    return { png: await png, etag };
  }

  private url(pagePath: string): string {
    return `${this.deps.publicUrl}${pagePath}`;
  }

  private siteMeta(isHome: boolean): PageMeta {
    return {
      title: SITE_TITLE,
      description: SITE_DESCRIPTION,
      image: this.url('/previews/site.png'),
      imageAlt: 'Spar, the West African card game',
      url: this.url('/'),
      type: 'website',
      canonical: isHome,
    };
  }

  /** A game a stranger may not see, or that does not exist: nothing about it but its address. */
  private hiddenGameMeta(pagePath: string): PageMeta {
    return {
      ...this.siteMeta(true),
      title: 'A game of Spar',
      description: `${SITE_DESCRIPTION} Sign in to see this game.`,
      url: this.url(pagePath),
    };
  }

  private async replayMeta(id: string | null): Promise<PageMeta> {
    const pagePath = id === null ? null : `/game/${encodeURIComponent(id)}/replay`;
    const subject = id === null ? null : await this.publicReplay(id);
    if (!subject || pagePath === null) return this.hiddenGameMeta(pagePath ?? '/');
    const scores = subject.players.map((p) => `${p.name} ${p.score}`).join(', ');
    const mode = subject.mode === 'ranked' ? 'ranked' : 'quick';
    return {
      title: `${subject.players.map((p) => p.name).join(' vs ')} · Spar replay`,
      description: `${subject.result}. ${scores}, in a ${mode} game to ${subject.target}. Replay it card by card on Spar.`,
      image: this.url(`/previews/replay/${encodeURIComponent(id!)}.png`),
      imageAlt: `A ${mode} game of Spar: ${scores}. ${subject.result}.`,
      url: this.url(pagePath),
      type: 'article',
      canonical: true,
    };
  }

  private async gameMeta(id: string | null): Promise<PageMeta> {
    if (id === null) return this.hiddenGameMeta('/');
    const pagePath = `/game/${encodeURIComponent(id)}`;
    const game = await previewGameOf(this.deps.db.kysely, id);
    // An invitation is a private game's table: it says nothing of who asked or who is asked.
    if (game?.mode !== 'private') return this.hiddenGameMeta(pagePath);
    return {
      title: "You're invited to a game of Spar",
      description:
        'A friend has challenged you to a private game of Spar. Open the link to join them at the table.',
      image: this.url('/previews/invitation.png'),
      imageAlt: "You're invited to a game of Spar",
      url: this.url(pagePath),
      type: 'website',
      canonical: true,
    };
  }

  /**
   * A finished ranked or quick game (what any signed-in player may replay) whose every human
   * player still has a public, live account; null for anything else.
   */
  private async publicReplay(id: string): Promise<ReplaySubject | null> {
    const db = this.deps.db.kysely;
    const game = await previewGameOf(db, id);
    if (!game || game.status !== 'finished' || (game.mode !== 'ranked' && game.mode !== 'quick')) return null;
    const seats = await previewSeatsOf(db, id);
    const shown = seats.every(
      (s) =>
        s.user_id === null ||
        (s.username !== null &&
          s.profile_visibility === 'public' &&
          s.deleted_at === null &&
          s.marked_for_delete_at === null),
    );
    if (!shown || seats.length === 0) return null;
    const scores = (JSON.parse(game.state) as GameState).scores;
    const players = seats.map((s) => ({
      name: displayName(s.user_id === null ? s.seat_name : s.username!),
      score: scores[s.seat] ?? 0,
      winner: s.user_id !== null && s.user_id === game.winner_user_id,
    }));
    const winner = players.find((p) => p.winner);
    return {
      kind: 'replay',
      mode: game.mode,
      target: game.target_score,
      players,
      result: winner ? RESULT[game.reason ?? 'score'](winner.name) : 'The game ended',
    };
  }
}

/** A game id from an address, or null when it could not be one we issued. */
function decodeId(segment: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return GAME_ID_PATTERN.test(id) ? id : null;
}
