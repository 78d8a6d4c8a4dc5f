import { errorResponseSchema, RouteContract, Routes } from '@curbside/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

function parameters(route: RouteContract): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const input = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema> };
    const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
    for (const [name, property] of Object.entries(input.properties ?? {})) {
      // Required means the call fails without it; coercing and defaulted fields say so only when parsed.
      const required = where === 'path' || shape[name]?.safeParse(undefined).success === false;
      list.push({ name, in: where, required, schema: property });
    }
  };
  add('path', route.params);
  add('query', route.query);
  return list;
}

/** A multipart upload: one binary part in the named field. */
function multipartBody(multipart: NonNullable<RouteContract['multipart']>): JsonSchema {
  const megabytes = Math.round(multipart.maxBytes / (1024 * 1024));
  const file = { type: 'string', format: 'binary', description: `One file, at most ${megabytes} MB` };
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { type: 'object', required: [multipart.field], properties: { [multipart.field]: file } } } },
  };
}

/** JSON unless the response schema names another media type (an image route answers with the image's bytes). */
function responseContent(schema: z.ZodType): JsonSchema {
  const mediaType = schema.meta()?.contentMediaType;
  if (typeof mediaType === 'string') return { [mediaType]: { schema: { type: 'string', format: 'binary' } } };
  return { 'application/json': { schema: toSchema(schema, 'output') } };
}

/** Express `:id` and named wildcards `*key` become OpenAPI `{id}` / `{key}`. */
export function openApiPath(path: string): string {
  return path.replace(/[:*](\w+)/g, '{$1}');
}

/** The OpenAPI document of the public API, built from the same contracts the gateway validates with. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const error = { description: 'Error', content: { 'application/json': { schema: toSchema(errorResponseSchema, 'output') } } };
  for (const [operationId, route] of Object.entries(Routes) as [string, RouteContract][]) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId,
      summary: route.summary,
      tags: route.tags,
      security: route.auth === 'session' ? [{ session: [] }] : [],
      parameters: parameters(route),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } } : {}),
      ...(route.multipart ? { requestBody: multipartBody(route.multipart) } : {}),
      responses: {
        '200': { description: 'OK', content: responseContent(route.response) },
        '400': error,
        ...(route.auth === 'session' ? { '401': error, '403': error } : {}),
        ...(route.multipart ? { '413': error } : {}),
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Curbside API', version: '0.1.0' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'curbside_session' } } },
    paths,
  };
}
