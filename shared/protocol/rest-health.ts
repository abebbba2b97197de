/**
 * The contract of GET /api/health: liveness, which release is running and the oldest app it
 * serves. With `?deep=1` it also names the node and whether the database and Redis answer (503
 * with status `degraded` if not).
 */
import { z } from 'zod';
import { clientVersionSchema, updateUrlsSchema } from './client-version';
import { defineEndpoint } from './endpoint';

const checkSchema = z.enum(['up', 'down', 'not_configured']);

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  build: z.number().int(),
  label: z.string(),
  node: z.string().optional(),
  checks: z.object({ database: checkSchema, redis: checkSchema }).optional(),
  /** The oldest desktop or mobile app served, with MIN_CLIENT_VERSION set (docs/api.md). */
  minClientVersion: clientVersionSchema.optional(),
  updateUrls: updateUrlsSchema.optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthQuerySchema = z.object({ deep: z.enum(['0', '1', 'true', 'false']).optional() });

/** Liveness at once; `?deep=1` also asks the database and Redis, answering 503 when one is down. */
export const healthApi = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    query: healthQuerySchema,
    response: healthResponseSchema,
    alsoAnswers: [503],
    auth: 'none',
  }),
};
