import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the desktop app's update feed is served (docs/operations.md, "Desktop update feed"). */
export const DESKTOP_RELEASES_PREFIX = '/desktop/releases/';

/**
 * The files of a release, by extension, with the type each is sent as: the feed's yml files
 * (`latest.yml`, `latest-mac.yml`, `latest-linux.yml`), the installers electron-builder writes and
 * their block maps (differential downloads). Nothing else in the folder is served.
 */
export const RELEASE_FILE_TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.blockmap': 'application/octet-stream',
  '.dmg': 'application/x-apple-diskimage',
  '.zip': 'application/zip',
  '.AppImage': 'application/vnd.appimage',
  '.deb': 'application/vnd.debian.binary-package',
};

/**
 * A file name the feed may serve: one name at the top of the folder (no sub-folder, no dot file,
 * no `..`), of letters, digits, spaces (`Spar Setup 1.5.0.exe`) and `._+-`, with a release
 * extension.
 */
export function isReleaseFileName(name: string): boolean {
  if (name.length > 200 || !/^[A-Za-z0-9][A-Za-z0-9 ._+-]*$/.test(name) || name.includes('..')) return false;
  return Object.hasOwn(RELEASE_FILE_TYPES, path.extname(name));
}

/**
 * Serves DESKTOP_RELEASES_DIR at /desktop/releases/ for electron-updater's generic provider: files
 * only (no listing, no index), each with its type; the yml files revalidated on every check, the
 * installers (their names carry the version) cached for a day. HEAD and single byte ranges work
 * (@fastify/static). See docs/operations.md, "Desktop update feed".
 */
export async function registerDesktopReleases(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(async (scope) => {
    // The folder itself is not listed.
    scope.get(DESKTOP_RELEASES_PREFIX, async (_request, reply) =>
      reply.code(404).send({ message: 'Not found', code: 'not_found' }),
    );
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: DESKTOP_RELEASES_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      preCompressed: false,
      // Only release files at the top of the folder, whatever else it holds.
      allowedPath: (pathname) => {
        const name = pathname.replace(/^\/+/, '');
        return !name.includes('/') && isReleaseFileName(name);
      },
      setHeaders(reply, filePath) {
        const extension = path.extname(filePath);
        reply.header('Content-Type', RELEASE_FILE_TYPES[extension] ?? 'application/octet-stream');
        reply.header('Cache-Control', extension === '.yml' ? 'no-cache' : 'public, max-age=86400');
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
  });
}
