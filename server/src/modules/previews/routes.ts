import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GAME_ID_PATTERN } from '@shared/protocol';
import { DomainError } from '../../errors';
import type { PreviewImage, PreviewService } from './service';

/**
 * Preview images are public (link unfurlers fetch them without a session) and cost a drawing
 * when not cached, so each address may ask for this many a minute.
 */
const IMAGES_PER_MINUTE = 60;
const LIMIT = { rateLimit: { max: IMAGES_PER_MINUTE, timeWindow: 60_000 } };

// The brand and invitation images never name anyone; a replay's may change when a player
// deletes their account or hides their profile, so it is revalidated hourly.
const BRAND_CACHE = 'public, max-age=86400';
const REPLAY_CACHE = 'public, max-age=3600';

function send(request: FastifyRequest, reply: FastifyReply, image: PreviewImage, cacheControl: string) {
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', image.etag)
    // Shown by other sites (chat apps' web clients load it from here), unlike the app's own files.
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag))
    return reply.code(304).send();
  return reply.type('image/png').send(image.png);
}

/** `GET /previews/{site,invitation}.png` and `/previews/replay/{id}.png`; docs/api.md, "Link previews". */
export function previewRoutes(app: FastifyInstance, deps: { previews: PreviewService }): void {
  const { previews } = deps;

  app.get('/previews/site.png', { config: LIMIT }, async (request, reply) =>
    send(request, reply, await previews.siteImage(), BRAND_CACHE),
  );

  app.get('/previews/invitation.png', { config: LIMIT }, async (request, reply) =>
    send(request, reply, await previews.invitationImage(), BRAND_CACHE),
  );

  app.get<{ Params: { file: string } }>(
    '/previews/replay/:file',
    { config: LIMIT },
    async (request, reply) => {
      const { file } = request.params;
      const id = file.endsWith('.png') ? file.slice(0, -'.png'.length) : '';
      if (!GAME_ID_PATTERN.test(id)) throw new DomainError('not_found', 'Not found', 'not_found');
      return send(request, reply, await previews.replayImage(id), REPLAY_CACHE);
    },
  );
}
