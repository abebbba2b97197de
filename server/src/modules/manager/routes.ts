import { readFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, managerApi, uploadParamsSchema } from '@shared/protocol';
import { DomainError } from '../../errors';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import { errorBody } from '../../http/errors';
import { isStaff, type ManagerService, type Staff } from './service';
import { IMAGE_TYPES, storeImage, type ImageExtension } from './uploads';

/** Runs after requireAuth: the role comes from the session's user row, never from the request. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!isStaff(authOf(request).user.role))
    throw new DomainError('forbidden', 'The staff area is only for managers and admins', 'staff_only');
}

export function staffOf(request: FastifyRequest): Staff {
  const { user } = authOf(request);
  return { id: user.id, username: user.username };
}

const noFile = () => new DomainError('invalid', 'No file selected', 'no_file');
const oneField = () =>
  new DomainError('invalid', 'Send exactly one form field, named file', 'invalid_upload');
const tooLarge = (reply: FastifyReply) =>
  reply.code(413).send(errorBody(413, 'The image is too large (limit 2 MB)', 'file_too_large'));

/**
 * The staff area (`/api/manager/*`): daily rewards, shop items, balance adjustments, the audit log
 * and image uploads; and `/uploads/*`, where uploaded images are served. See docs/api.md,
 * "Staff area".
 */
export async function managerRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; manager: ManagerService; uploadsDir: string },
): Promise<void> {
  const staff = [requireAuth(deps.authenticator), requireStaff];
  const { manager } = deps;

  // ── Daily rewards ───────────────────────────────────────────────────────────────────────────

  const options = { preValidation: staff };

  route(app, managerApi.dailyRewards, options, async () => manager.dailyRewards());

  route(app, managerApi.createDailyReward, options, async (request, reply) =>
    reply.code(201).send(await manager.createDailyReward(staffOf(request), request.body)),
  );

  route(app, managerApi.updateDailyReward, options, async (request) =>
    manager.updateDailyReward(staffOf(request), request.params.id, request.body),
  );

  route(app, managerApi.deleteDailyReward, options, async (request, reply) => {
    await manager.deleteDailyReward(staffOf(request), request.params.id);
    return reply.code(204).send();
  });

  // ── Shop items ──────────────────────────────────────────────────────────────────────────────

  route(app, managerApi.shopItems, options, async () => manager.shopItems());

  route(app, managerApi.createShopItem, options, async (request, reply) =>
    reply.code(201).send(await manager.createShopItem(staffOf(request), request.body)),
  );

  route(app, managerApi.updateShopItem, options, async (request) =>
    manager.updateShopItem(staffOf(request), request.params.id, request.body),
  );

  // ── Balances and audit ──────────────────────────────────────────────────────────────────────

  route(app, managerApi.adjustBalance, options, async (request) =>
    manager.adjustBalance(staffOf(request), request.params.userId, request.body),
  );

  route(app, managerApi.audit, options, async (request) =>
    manager.auditLog(request.query.limit, request.query.before),
  );

  // ── Images ──────────────────────────────────────────────────────────────────────────────────

  // Multipart is parsed only in this scope: every other route keeps taking JSON alone.
  await app.register(async (scope) => {
    await scope.register(multipart);
    route(scope, managerApi.uploadImage, options, async (request, reply) => {
      if (!request.isMultipart()) throw noFile();
      let bytes: Buffer | null = null;
      try {
        // One file and nothing else; the size limit stops reading at 2 MB and one byte.
        for await (const part of request.parts({
          limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
        })) {
          if (part.type !== 'file' || part.fieldname !== 'file' || bytes !== null) throw oneField();
          bytes = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw oneField();
        throw error;
      }
      if (!bytes || bytes.length === 0) throw noFile();
      const stored = await storeImage(deps.uploadsDir, bytes);
      await manager.recordUpload(staffOf(request), {
        imageUrl: stored.imageUrl,
        type: IMAGE_TYPES[stored.type],
        bytes: bytes.length,
      });
      return { imageUrl: stored.imageUrl };
    });
  });

  /**
   * Uploaded images, public like the rest of the art. The content type is the one sniffed at
   * upload (the extension was chosen from it), browsers are told not to guess another, and the
   * file may not run anything even when opened on its own.
   */
  app.get('/uploads/:name', { schema: { params: uploadParamsSchema } }, async (request, reply) => {
    const { name } = request.params;
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(deps.uploadsDir, name));
    } catch {
      throw new DomainError('not_found', 'Not found', 'not_found');
    }
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageExtension;
    return reply
      .type(IMAGE_TYPES[extension])
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
