import {
  commentSchema,
  emergencyLogEntrySchema,
  AuthError,
  ERROR_STATUS,
  ErrorCode,
  IdempotencyError,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  itemSchema,
  leaderboardEntrySchema,
  notificationSchema,
  photoValidationResultSchema,
  type ResponseHeaderContract,
  type RouteContract,
  rewardSchema,
  Routes,
  SESSION_COOKIE_NAME,
  successStatus,
  userRewardSchema,
  userSchema,
  userViewSchema,
} from '@curbside/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** OpenAPI 3.1 schemas are JSON Schema 2020-12; the dialect is said once for the document, not per schema. */
function toSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  // A $ref inside an OpenAPI document resolves against the document, not the schema: a recursive schema would need
  // its $defs moved to components. None of the contracts is recursive; fail loudly if one becomes so.
  if (JSON.stringify(json).includes('"$ref"')) throw new Error('A contract schema is recursive: move its $defs to components.schemas');
  return json;
}

/** The contracts' `:id` and named wildcards `*key` become OpenAPI `{id}` / `{key}`. */
export function openApiPath(path: string): string {
  return path.replace(/[:*](\w+)/g, '{$1}');
}

/** Where and how the document lists a route: a wildcard route under the path its contract documents it as. */
export function documentedPath(route: RouteContract): string {
  return openApiPath(route.documentedAs?.path ?? route.path);
}

function parameters(route: RouteContract): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | undefined) => {
    if (!schema) return;
    const input = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema> };
    const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
    for (const [name, { description, ...property }] of Object.entries(input.properties ?? {})) {
      // Required means the call fails without it; coercing and defaulted fields say so only when parsed.
      const required = where === 'path' || shape[name]?.safeParse(undefined).success === false;
      list.push({ name, in: where, required, ...(description ? { description } : {}), schema: property });
    }
  };
  add('path', route.documentedAs?.params ?? route.params);
  add('query', route.query);
  if (route.idempotencyKey) {
    list.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: `One key per user action, kept across its retries: the same caller and key within ${IDEMPOTENCY_KEY_TTL_HOURS} h get the first answer again (same status and body) and nothing is written twice; the same key with another body is 422`,
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7e]+$' },
    });
  }
  return list;
}

function requestBody(route: RouteContract): JsonSchema | undefined {
  if (route.multipart) {
    const { field, maxBytes } = route.multipart;
    // contentMediaType is 3.1's way; format: binary is kept for tools that still read 3.0's.
    const file = {
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/octet-stream',
      description: `One image file, at most ${Math.round(maxBytes / (1024 * 1024))} MB`,
    };
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: [field], properties: { [field]: file } } } },
    };
  }
  if (!route.body) return undefined;
  return { required: !route.body.safeParse(undefined).success, content: { 'application/json': { schema: toSchema(route.body, 'input') } } };
}

/**
 * The answers' shared shapes, listed once under components.schemas and referenced wherever an answer holds one
 * (an item is in eight answers): a reader of the reference sees "Item", and the document is about a quarter smaller.
 */
const NAMED_ANSWER_SCHEMAS: Record<string, z.ZodType> = {
  Item: itemSchema,
  User: userSchema,
  UserView: userViewSchema,
  Comment: commentSchema,
  Notification: notificationSchema,
  Reward: rewardSchema,
  UserReward: userRewardSchema,
  LeaderboardEntry: leaderboardEntrySchema,
  EmergencyLogEntry: emergencyLogEntrySchema,
  PhotoValidationResult: photoValidationResultSchema,
};

class AnswerSchemas {
  readonly components: Record<string, JsonSchema> = {};
  private readonly nameByJson = new Map<string, string>();

  constructor(named: Record<string, z.ZodType>) {
    for (const [name, schema] of Object.entries(named)) {
      const json = toSchema(schema, 'output');
      this.components[name] = json;
      this.nameByJson.set(JSON.stringify(json), name);
    }
  }

  /** The answer's schema with every part that is one of the named shapes (same generator, same JSON) as a $ref. */
  of(schema: z.ZodType): JsonSchema {
    return this.referenced(toSchema(schema, 'output')) as JsonSchema;
  }

  private referenced(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((child) => this.referenced(child));
    if (typeof node !== 'object' || node === null) return node;
    const name = this.nameByJson.get(JSON.stringify(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, this.referenced(child)]));
  }
}

const answers = new AnswerSchemas(NAMED_ANSWER_SCHEMAS);

/** JSON unless the schema names another media type: an image's bytes, the live stream's events, an HTML page. */
function content(schema: z.ZodType): JsonSchema {
  const mediaType = schema.meta()?.contentMediaType;
  if (typeof mediaType !== 'string') return { 'application/json': { schema: answers.of(schema) } };
  // An OpenAPI 3.1 media type without a schema is bytes (the replacement of 3.0's format: binary).
  return { [mediaType]: mediaType.startsWith('image/') ? {} : { schema: { type: 'string' } } };
}

/** Every answer carries the request's id (request-log.hooks.ts), the one to quote in a bug report. */
const REQUEST_ID_HEADER = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };

function headers(contracts: Record<string, ResponseHeaderContract> | undefined): Record<string, JsonSchema> {
  const described: Record<string, JsonSchema> = { ...REQUEST_ID_HEADER };
  for (const [name, header] of Object.entries(contracts ?? {})) {
    described[name] = { description: header.description, required: header.required, schema: toSchema(header.schema, 'output') };
  }
  return described;
}

/**
 * The codes of the shared layers that run for a route: validation and a service that did not answer always; the
 * session guard and the "act only as yourself" check on session routes; the cross-site, body and write-limit checks
 * on writes; the idempotency record on routes that take a key.
 */
function sharedCodes(route: RouteContract): ErrorCode[] {
  const codes: ErrorCode[] = [ErrorCode.VALIDATION_FAILED, ErrorCode.INTERNAL, ErrorCode.UNAVAILABLE];
  if (route.auth === 'session') codes.push(ErrorCode.UNAUTHENTICATED, AuthError.NOT_YOURSELF);
  if (route.method !== 'get') codes.push(ErrorCode.FORBIDDEN, ErrorCode.PAYLOAD_TOO_LARGE, ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorCode.RATE_LIMITED);
  if (route.idempotencyKey) codes.push(IdempotencyError.KEY_REUSED, IdempotencyError.IN_PROGRESS);
  return codes;
}

/** Every error code a route can answer with: the shared layers' and its own (the contract's `errors`). */
export function errorCodes(route: RouteContract): ErrorCode[] {
  return [...new Set([...sharedCodes(route), ...(route.errors ?? [])])];
}

/** The error statuses a route can answer with: those of its codes. */
export function errorStatuses(route: RouteContract): number[] {
  return [...new Set(errorCodes(route).map((code) => ERROR_STATUS[code]))].sort((a, b) => a - b);
}

/**
 * One error answer of one route: the Error schema, its `code` narrowed to the codes this route answers with at this
 * status, so a client (and the conformance replay of the stack tests) knows exactly which codes to expect.
 */
function errorResponse(route: RouteContract, status: number): JsonSchema {
  const codes = errorCodes(route)
    .filter((code) => ERROR_STATUS[code] === status)
    .sort();
  const retryAfter = status === 429 || status === 503 ? { 'Retry-After': { $ref: `#/components/headers/RetryAfter${status === 429 ? '' : 'Optional'}` } } : {};
  return {
    description: `Codes: ${codes.join(', ')}`,
    headers: { ...REQUEST_ID_HEADER, ...retryAfter },
    content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { code: { enum: codes } } }] } } },
  };
}

function responses(route: RouteContract): Record<string, JsonSchema> {
  const status = successStatus(route);
  const described: Record<string, JsonSchema> = {
    [status]: {
      description: status === 201 ? 'Created' : status === 204 ? 'Done (no body)' : 'OK',
      headers: headers(route.headers),
      ...(status === 204 ? {} : { content: content(route.response) }),
    },
  };
  for (const [other, answer] of Object.entries(route.otherResponses ?? {})) {
    // An answer of its own at an error status (a mail link's page) does not stop the shared layers' coded errors
    // in front of the route (a NUL in the query is refused before it): both are documented, by media type.
    const shared = errorStatuses(route).includes(Number(other)) ? (errorResponse(route, Number(other)).content as JsonSchema) : {};
    described[other] = {
      description: answer.description,
      headers: headers(answer.headers),
      ...(answer.body ? { content: { ...shared, ...content(answer.body) } } : {}),
    };
  }
  for (const error of errorStatuses(route)) described[error] ??= errorResponse(route, error);
  return described;
}

/** A session route needs the cookie; a public one reads it when sent (the caller's own view), unless it never does. */
function security(route: RouteContract): JsonSchema[] {
  if (route.auth === 'session') return [{ session: [] }];
  return route.resolvesCaller === false ? [] : [{}, { session: [] }];
}

/** The OpenAPI 3.1 document of the public API, built only from the route contracts the gateway serves them with. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [operationId, route] of Object.entries(Routes) as [string, RouteContract][]) {
    const path = documentedPath(route);
    const body = requestBody(route);
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId,
      summary: route.summary,
      tags: route.tags,
      security: security(route),
      parameters: parameters(route),
      ...(body ? { requestBody: body } : {}),
      responses: responses(route),
    };
  }
  const retryAfter = (required: boolean) => ({ description: 'Seconds until a retry may succeed', required, schema: { type: 'integer', minimum: 1 } });
  return {
    openapi: '3.1.1',
    info: {
      title: 'Curbside API',
      version: '0.1.0',
      summary: 'Free curbside items and garage sales near you: post, find, claim, comment, earn points',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/', description: 'The server this document was read from (npm start: http://localhost:3000)' }],
    tags: [...new Set(Object.values(Routes).flatMap((route) => route.tags))].map((name) => ({ name, description: `The ${name} routes` })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'The signed session cookie set by POST /api/users and POST /api/auth/verify-code',
        },
      },
      schemas: { ...answers.components, Error: toSchema(errorResponseSchema, 'output') },
      headers: {
        RequestId: { description: "The request's id (sent back when the request named one in X-Request-Id)", required: true, schema: { type: 'string' } },
        RetryAfter: retryAfter(true),
        RetryAfterOptional: retryAfter(false),
      },
    },
  };
}
