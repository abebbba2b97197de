import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The package root, whether running from server/src (tsx) or from the dist/server bundle. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  STATIC_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute directory for the embedded database and local files. */
  dataDir: string;
  /** Absolute directory of the built web app. */
  staticDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    staticDir: path.resolve(values.STATIC_DIR ?? path.join(PROJECT_ROOT, 'dist/renderer')),
    logLevel: values.LOG_LEVEL,
  };
}
