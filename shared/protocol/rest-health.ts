/** The contract of GET /api/health: liveness and which release is running. */
import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  build: z.number().int(),
  label: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthContract = { response: { 200: healthResponseSchema } };
