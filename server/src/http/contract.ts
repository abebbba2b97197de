import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from '../errors';
import { parseInput } from './errors';

/**
 * Every route declares its contract (params, querystring, body, response) with the zod schemas in
 * `shared/protocol`; this compiler validates input with them and turns the first problem into a
 * 400 that names the field, the same wording `parseInput` gives; bad path parameters are a 404. See docs/design.md, "REST contracts".
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A path that does not name a resource we could have issued is simply not found.
    if (httpPart === 'params' && !schema.safeParse(data).success)
      return { error: new DomainError('not_found', 'Not found', 'not_found') };
    try {
      return { value: parseInput(schema, data) };
    } catch (error) {
      if (error instanceof Error) return { error };
      return { error: new DomainError('invalid', 'Request is not valid', 'invalid_input') };
    }
  };

/** Installs the zod compilers and returns the app typed by its route schemas. */
export function withContracts(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}

export type ContractApp = ReturnType<typeof withContracts>;
