import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EndpointSpec } from '@shared/protocol';
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

type Schema<S> = S extends z.ZodType ? S : undefined;
/** The Fastify schema of an endpoint, typed so the handler sees parsed params, query and body. */
type RouteSchemaOf<E extends EndpointSpec> = {
  params: Schema<E['params']>;
  querystring: Schema<E['query']>;
  body: Schema<E['body']>;
  response: E['response'] extends z.ZodType ? Record<number, E['response']> : undefined;
};
/** Fastify's options of a route of the endpoint, its handler among them. */
type RouteOptions<E extends EndpointSpec> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;
type Options<E extends EndpointSpec> = Omit<RouteOptions<E>, 'schema' | 'handler'>;
type Handler<E extends EndpointSpec> = RouteOptions<E>['handler'];

/** The Fastify schema of an endpoint: its zod schemas, the response under each status it answers. */
export function routeSchema(endpoint: EndpointSpec): FastifySchema {
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (typeof endpoint.body === 'object') schema.body = endpoint.body;
  if (endpoint.response) {
    const response: Record<number, z.ZodType> = { [endpoint.status ?? 200]: endpoint.response };
    for (const status of endpoint.alsoAnswers ?? []) response[status] = endpoint.response;
    schema.response = response;
  }
  return schema;
}

/**
 * Registers an endpoint of `shared/protocol`: its method, path and schemas come from the contract,
 * the route adds only its hooks (the auth hook the contract's `auth` names) and its handler.
 * See docs/design.md, "REST contracts".
 */
export function route<E extends EndpointSpec>(
  app: ContractApp,
  endpoint: E,
  options: Options<E>,
  handler: Handler<E>,
): void {
  app.route({
    ...(options as object),
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    handler: handler as RouteHandlerMethod,
  });
}
