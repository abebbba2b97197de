import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { healthRoutes } from './modules/health/routes';
import { registerWebApp } from './static';

export interface AppOptions {
  /** Pass false to silence request logs (tests). */
  logger?: boolean;
}

/** Builds the whole HTTP app without listening, so tests can inject requests. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
  });

  // Every error leaves as JSON with a message; internals are logged, never sent.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    reply.code(status).send({ message: status >= 500 ? 'Internal server error' : error.message });
  });

  healthRoutes(app);
  await registerWebApp(app, config.staticDir);
  return app;
}
