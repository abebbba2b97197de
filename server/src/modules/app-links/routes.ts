import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAGE_ROUTES } from '@shared/pages';
import type { AppLinksConfig } from '../../config';
import { DomainError } from '../../errors';

/**
 * The files Android and iOS fetch from the public origin before they let the mobile app open its
 * links (App Links, Universal Links): built from the settings once, 404 when a platform's are not
 * set. See docs/operations.md, "App Links and Universal Links".
 */

/** Android's Digital Asset Links statement: this package, signed so, handles all the origin's URLs. */
export function assetLinks(android: NonNullable<AppLinksConfig['android']>) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: android.packageName,
        sha256_cert_fingerprints: android.certFingerprints,
      },
    },
  ];
}

/**
 * The first path segments of the app's pages that a link may open in the app: every page but
 * `/oauth-redirect`, whose one-time code belongs to the browser (or app) that started the sign-in
 * and holds its verifier. The Android manifest lists the same (docs/mobile.md, "Deep links").
 */
export function appLinkSegments(): string[] {
  const segments = PAGE_ROUTES.map(({ path }) => path.split('/')[1] ?? '').filter(
    (segment) => segment !== '' && segment !== 'oauth-redirect',
  );
  return [...new Set(segments)];
}

/** Apple's association: the home page and every page of `appLinkSegments`, nothing else. */
export function appleAppSiteAssociation(apple: NonNullable<AppLinksConfig['apple']>) {
  return {
    applinks: {
      details: [
        {
          appIDs: [apple.appId],
          components: [
            { '/': '/' },
            ...appLinkSegments().flatMap((segment) => [{ '/': `/${segment}` }, { '/': `/${segment}/*` }]),
          ],
        },
      ],
    },
  };
}

/** An hour: a changed certificate reaches the phones' verifiers the same day. */
const CACHE = 'public, max-age=3600';

export function appLinkRoutes(app: FastifyInstance, config: AppLinksConfig): void {
  const android = config.android ? JSON.stringify(assetLinks(config.android)) : null;
  const apple = config.apple ? JSON.stringify(appleAppSiteAssociation(config.apple)) : null;
  const send = (reply: FastifyReply, body: string | null) => {
    if (body === null) throw new DomainError('not_found', 'Not found', 'not_found');
    return reply.header('Cache-Control', CACHE).type('application/json').send(body);
  };
  app.get('/.well-known/assetlinks.json', async (_request, reply) => send(reply, android));
  // Apple asks for the file without an extension; it must be JSON all the same.
  app.get('/.well-known/apple-app-site-association', async (_request, reply) => send(reply, apple));
}
