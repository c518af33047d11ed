import type Joi from 'joi';
import { SchemaConverter, type JsonSchema } from './joi-schema.js';
import { parameterRules, rulesText } from './parameter-rules.js';
import { takesIdempotencyKey, type ErrorDeclaration, type RouteDeclaration, type RouteRegistry } from './registry.js';

/**
 * Generates the OpenAPI 3.1 document from the route registry: joi → JSON Schema through
 * joi-to-json (its `open-api-3.1` mode, completed in joi-schema.ts); schemas that carry a
 * joi `.id()` become shared components referenced by `$ref`.
 */
export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  serverUrl: string;
}

/**
 * The document of an older API version: the same routes (their requests are accepted in
 * every version), only the operations that version had, each answering the shapes of that
 * version (its change file's schemas) and nothing else.
 */
export interface VersionDocument {
  /** operationId → status → the response body's schema in that version */
  responses: Record<string, Record<number, Joi.Schema>>;
  /** the JSON media type as that version's document names it */
  mediaType?: string;
  /** the name of its bearer security scheme */
  securityScheme?: string;
  /** its request bodies are declared optional (a missing body is then refused by its required properties) */
  optionalBodies?: boolean;
}

/** A one-value `const` as the one-value `enum` that OpenAPI 3.0 tools read. */
function constToEnum(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(constToEnum);
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if ('const' in o && !('enum' in o)) {
    o.enum = [o.const];
    delete o.const;
  }
  for (const v of Object.values(o)) constToEnum(v);
}

/** The older version's document as its own tools wrote it: media type, scheme name, optional bodies. */
function asOlderDocument(doc: JsonSchema, older: VersionDocument): JsonSchema {
  let text = JSON.stringify(doc);
  if (older.mediaType) text = text.replaceAll('"application/json":', JSON.stringify(older.mediaType) + ':');
  if (older.securityScheme) text = text.replaceAll('"bearerAuth"', JSON.stringify(older.securityScheme));
  const out = JSON.parse(text) as JsonSchema;
  constToEnum(out);
  if (older.optionalBodies) {
    for (const ops of Object.values(out.paths as Record<string, Record<string, { requestBody?: { required?: boolean } }>>)) {
      for (const op of Object.values(ops)) if (op.requestBody) op.requestBody.required = false;
    }
  }
  return out;
}

const ERROR_BODY: JsonSchema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'message', 'severity'],
        properties: {
          code: { type: ['string', 'number'], description: 'unique error code' },
          message: { type: 'string', description: 'human-readable, not localized' },
          severity: { type: 'string', enum: ['ERROR', 'WARN', 'INFO'] },
          attribute: { type: 'string', description: 'JSON path of the request attribute at fault' },
          ticketId: { type: 'string', description: 'internal ticket id of an unexpected error' },
        },
      },
    },
  },
};

const TOKEN_ERROR: JsonSchema = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: {
    error: { type: 'string', enum: ['invalid_request', 'invalid_token'] },
    error_description: { type: 'string' },
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Unexpected server error',
  503: 'Service unavailable',
};

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(route: RouteDeclaration, conv: SchemaConverter) {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.request?.params],
    ['query', route.request?.query],
  ] as const) {
    if (!schema) continue;
    const obj = conv.convert(schema);
    for (const [name, s] of Object.entries((obj.properties ?? {}) as Record<string, JsonSchema>)) {
      out.push({ name, in: where, required: where === 'path' || (obj.required ?? []).includes(name), description: s.description, schema: s });
    }
  }
  if (takesIdempotencyKey(route)) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes the request safe to retry: 1-255 printable ASCII characters, unique per request of your choosing (a UUID). A retry with the same key and the same method, path and body within IDEMPOTENCY_TTL (24 h) answers the first response again, byte for byte, with `Idempotent-Replayed: true`, and changes nothing.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
    });
  }
  return out;
}

/**
 * The perimeter's per-partner rate limit answers any bearer route, whatever the route
 * declares itself (RATE_LIMIT_PER_MINUTE; auth.middleware.ts).
 */
const RATE_LIMITED: ErrorDeclaration = {
  status: 429,
  code: 'RATE_LIMIT_EXCEEDED',
  when: "more requests in a minute than the partner's limit; repeat after `Retry-After` seconds",
};

/**
 * What the perimeter answers on its own, whatever the route declares: the body reader's 415
 * for a JSON body that is not JSON in UTF-8 (platform/http/json-body.ts), and a retryable
 * 503 when the database does not answer (platform/http/error-middleware.ts) on the routes
 * that read it.
 */
const NOT_JSON: ErrorDeclaration = {
  status: 415,
  code: 'INVALID_REQUEST',
  when: 'the body is not `Content-Type: application/json` in UTF-8, or is compressed',
};
const STORE_DOWN: ErrorDeclaration = {
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  when: 'the database does not answer right now; repeat the same request (same Idempotency-Key) after `Retry-After` seconds',
};

/** Statuses whose answers carry Retry-After: the client repeats the same request after it. */
const RETRY_AFTER_CODES = new Set([
  'RATE_LIMIT_EXCEEDED',
  'TOO_MANY_LOGIN_ATTEMPTS',
  'IDEMPOTENCY_KEY_IN_USE',
  'MAINTENANCE',
  'DEPENDENCY_DOWN',
  'TOPICS_MISSING',
  'SERVICE_UNAVAILABLE',
]);

function errorsOf(route: RouteDeclaration): ErrorDeclaration[] {
  const own = route.errors ?? [];
  const extra: ErrorDeclaration[] = [];
  if (route.auth === 'bearer') extra.push(RATE_LIMITED);
  if (route.request?.body && !route.request.bodyContentType) extra.push(NOT_JSON);
  if (/^\/(financing|authentication)\//.test(route.path)) extra.push(STORE_DOWN);
  return [...own, ...extra.filter((e) => !own.some((o) => o.status === e.status && o.code === e.code))];
}

function responses(route: RouteDeclaration, conv: SchemaConverter) {
  const out: Record<string, JsonSchema> = {};
  for (const [status, r] of Object.entries(route.responses)) {
    const type = r.contentType ?? 'application/json';
    out[status] = {
      description: r.description,
      ...(r.schema || type !== 'application/json' ? { content: { [type]: r.schema ? { schema: conv.convert(r.schema) } : {} } } : {}),
      ...(r.headers ? { headers: Object.fromEntries(Object.entries(r.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }])) } : {}),
    };
  }
  const byStatus = new Map<number, string[]>();
  const retryAfter = new Set<number>();
  for (const e of errorsOf(route)) {
    byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), `\`${e.code}\`: ${e.when}`]);
    if (RETRY_AFTER_CODES.has(e.code)) retryAfter.add(e.status);
  }
  if (route.auth === 'bearer') {
    out['401'] = {
      description: 'The bearer token is missing (`invalid_request`) or invalid or expired (`invalid_token`).',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/TokenError' } } },
    };
  }
  for (const [status, lines] of byStatus) {
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}. Error codes:\n\n${lines.map((l) => `- ${l}`).join('\n')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      ...(retryAfter.has(status)
        ? { headers: { 'Retry-After': { description: 'seconds to wait before repeating the request', schema: { type: 'string', pattern: '^[0-9]+$' } } } }
        : {}),
    };
  }
  return out;
}

/**
 * The body as the server reads it: a JSON body is always an object (the body parser
 * refuses `null` and every other JSON value), and one the client may leave out when the
 * schema takes `{}`, which is what the server validates when no body is sent.
 */
function requestBody(route: RouteDeclaration, conv: SchemaConverter) {
  const body = route.request?.body;
  if (!body) return {};
  const type = route.request?.bodyContentType;
  const schema = conv.convert(body);
  if (type) return { requestBody: { required: true, content: { [type]: { schema } } } };
  if (Array.isArray(schema.type)) schema.type = schema.type.filter((t: string) => t !== 'null');
  if (Array.isArray(schema.type) && schema.type.length === 1) schema.type = schema.type[0];
  const required = body.validate({}, { convert: false }).error !== undefined;
  return { requestBody: { required, content: { 'application/json': { schema } } } };
}

function versionResponses(shapes: Record<number, Joi.Schema>, conv: SchemaConverter) {
  return Object.fromEntries(
    Object.entries(shapes).map(([status, schema]) => [
      status,
      {
        description: STATUS_TEXT[Number(status)] ?? (Number(status) < 300 ? 'Success' : 'Error'),
        content: { 'application/json': { schema: conv.convert(schema) } },
      },
    ]),
  );
}

function operation(route: RouteDeclaration, conv: SchemaConverter, shapes?: Record<number, Joi.Schema>) {
  const rules = route.request?.query ? parameterRules(route.request.query) : [];
  const description = [route.description, rulesText(rules)].filter(Boolean).join(' ');
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(description ? { description } : {}),
    tags: route.tags,
    ...(route.auth === 'bearer' ? { security: [{ bearerAuth: [] }] } : { security: [] }),
    parameters: parameters(route, conv),
    ...requestBody(route, conv),
    responses: shapes ? versionResponses(shapes, conv) : responses(route, conv),
    'x-error-codes': errorsOf(route).map((e) => ({ status: e.status, code: e.code })),
    ...(rules.length ? { 'x-parameter-rules': rules } : {}),
  };
}

export function openApiDocument(registry: RouteRegistry, info: DocumentInfo, older?: VersionDocument): JsonSchema {
  const conv = new SchemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  const routes = registry.routes.filter((r) => !r.internal && (!older || older.responses[r.operationId])).sort((a, b) => a.path.localeCompare(b.path));
  for (const route of routes) {
    const p = openApiPath(route.path);
    paths[p] = { ...paths[p], [route.method]: operation(route, conv, older?.responses[route.operationId]) };
  }
  const doc = {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    tags: [...new Set(routes.flatMap((r) => r.tags))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorBody: ERROR_BODY, TokenError: TOKEN_ERROR, ...conv.components },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'accessToken from POST /authentication/v1/partner' } },
    },
  };
  return older ? asOlderDocument(doc, older) : doc;
}
