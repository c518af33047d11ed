import { existsSync, readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * The published partner API document (OpenAPI 3.0, version 1.0) as a checker of JSON
 * bodies, judging them as a client generated from it with openapi-generator's okhttp-gson
 * library does:
 *
 * - `allOf` parts are merged into one object (the generator's models are flat), so the
 *   properties of every part are declared and the required names of every part required;
 * - a property the schema does not declare is a violation: OpenAPI 3.0 leaves
 *   `additionalProperties` open by default, the generated models refuse undeclared fields,
 *   so `additionalProperties: false` wherever the document does not say otherwise;
 * - a required name that the merged schema does not declare is dropped, as the generator
 *   drops it (CustomerResponse requires a `type` it never declares);
 * - `nullable: true` admits null; a required property may be null only then;
 * - `oneOf` is "exactly one", as both JSON Schema and the generated oneOf models read it;
 * - `format: date` is a calendar date YYYY-MM-DD (the models parse it as a LocalDate);
 *   other formats (url, datetime) are free text to the models and are not checked.
 *
 * Length and minimum limits are the document's and are checked too; the generated models do
 * not check them, so a violation of one is marked `schema only` in the reports.
 */

export const PUBLISHED_OPENAPI_ENV = 'PF_PUBLISHED_OPENAPI';

/** The path of the published document from PF_PUBLISHED_OPENAPI, or an error that says how to set it. */
export function publishedDocumentPath(env: NodeJS.ProcessEnv = process.env): string {
  const path = env[PUBLISHED_OPENAPI_ENV];
  if (!path) {
    throw new Error(
      `${PUBLISHED_OPENAPI_ENV} is not set: set it to the path of the published partner API document ` +
        `(OpenAPI 3.0, version 1.0), e.g. ${PUBLISHED_OPENAPI_ENV}=/path/to/partner-api-1.0.published.yaml`,
    );
  }
  if (!existsSync(path)) throw new Error(`${PUBLISHED_OPENAPI_ENV}=${path}: no such file`);
  return path;
}

type OA = Record<string, any>;
type JsonSchema = Record<string, any>;

/** One thing a body does that its schema does not allow. */
export interface Violation {
  /** the component schema the offending object belongs to (the innermost named one) */
  schema: string;
  /** where in the body, e.g. `order.items[1].unitVat`; `(body)` for the whole body */
  path: string;
  /** the JSON-schema keyword: additionalProperties, required, type, enum, format, oneOf, maxLength, ... */
  keyword: string;
  /** in words */
  message: string;
  /** false when the generated okhttp-gson models would not notice (lengths, minimums) */
  breaksSdk: boolean;
}

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  statuses: string[];
}

const SCHEMA_ONLY = new Set(['maxLength', 'minLength', 'minimum', 'maximum', 'maxItems', 'minItems', 'pattern']);

export class PublishedDocument {
  readonly operations = new Map<string, OperationInfo>();
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, { validate: ValidateFunction; schema: JsonSchema }>();

  constructor(
    readonly doc: OA,
    readonly source = '(inline)',
  ) {
    if (!String(doc.openapi ?? '').startsWith('3.0')) throw new Error(`${source}: not an OpenAPI 3.0 document (openapi: ${doc.openapi})`);
    for (const [path, item] of Object.entries<OA>(doc.paths ?? {})) {
      for (const method of ['get', 'put', 'post', 'patch', 'delete']) {
        const op = item[method];
        if (op?.operationId)
          this.operations.set(op.operationId, { operationId: op.operationId, method: method.toUpperCase(), path, statuses: Object.keys(op.responses ?? {}) });
      }
    }
    this.ajv = new Ajv({ allErrors: true, strict: false });
    this.ajv.addKeyword({ keyword: 'x-schema', schemaType: 'string' });
    this.ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  }

  static load(path = publishedDocumentPath()): PublishedDocument {
    return new PublishedDocument(parse(readFileSync(path, 'utf8')), path);
  }

  get title(): string {
    return `${this.doc.info?.title ?? 'untitled'} ${this.doc.info?.version ?? ''} (OpenAPI ${this.doc.openapi})`.trim();
  }

  operation(operationId: string): OperationInfo {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`the published document has no operation ${operationId}`);
    return op;
  }

  /** The response schema of an operation and status, or undefined when the document gives none. */
  responseSchema(operationId: string, status: number | string): OA | undefined {
    const op = this.rawOperation(operationId);
    const response = op.responses?.[String(status)];
    return response ? firstJsonSchema(response.content) : undefined;
  }

  /** The request body schema of an operation, or undefined. */
  requestSchema(operationId: string): OA | undefined {
    return firstJsonSchema(this.rawOperation(operationId).requestBody?.content);
  }

  /** Violations of `body` against the response schema of operation/status (which must exist). */
  checkResponse(operationId: string, status: number | string, body: unknown): Violation[] {
    const schema = this.responseSchema(operationId, status);
    if (!schema) throw new Error(`${operationId} documents no body for ${status}`);
    return this.check(`${operationId} ${status}`, schema, body);
  }

  /** Violations of `body` against the request schema of the operation. */
  checkRequest(operationId: string, body: unknown): Violation[] {
    const schema = this.requestSchema(operationId);
    if (!schema) throw new Error(`${operationId} documents no request body`);
    return this.check(`${operationId} request`, schema, body);
  }

  /** Violations of `body` against a component schema by name (e.g. Payment, ErrorsResponse). */
  checkComponent(name: string, body: unknown): Violation[] {
    if (!this.doc.components?.schemas?.[name]) throw new Error(`the published document has no schema ${name}`);
    return this.check(`#${name}`, { $ref: `#/components/schemas/${name}` }, body);
  }

  /** The JSON Schema (draft 7) the checks use for an OpenAPI schema of this document. */
  jsonSchema(schema: OA): JsonSchema {
    return this.convert(schema, undefined, 0);
  }

  private check(key: string, schema: OA, body: unknown): Violation[] {
    let entry = this.compiled.get(key);
    if (!entry) {
      const json = this.jsonSchema(schema);
      entry = { validate: this.ajv.compile(json), schema: json };
      this.compiled.set(key, entry);
    }
    if (entry.validate(body)) return [];
    return (entry.validate.errors ?? []).filter((e) => !noise(e)).map((e) => toViolation(e, entry!.schema));
  }

  private rawOperation(operationId: string): OA {
    const op = this.operation(operationId);
    return this.doc.paths[op.path][op.method.toLowerCase()];
  }

  private component(ref: string): [string, OA] {
    const prefix = '#/components/schemas/';
    if (!ref.startsWith(prefix)) throw new Error(`unsupported $ref ${ref}`);
    const name = ref.slice(prefix.length);
    const schema = this.doc.components?.schemas?.[name];
    if (!schema) throw new Error(`$ref ${ref} names no schema`);
    return [name, schema];
  }

  /** $ref followed and allOf merged: one OpenAPI schema, and the component name it came from. */
  private flatten(s: OA, name: string | undefined, depth: number): { schema: OA; name?: string } {
    if (depth > 64) throw new Error('schema nesting too deep (a cycle?)');
    if (s.$ref) {
      const [n, resolved] = this.component(s.$ref);
      return this.flatten(resolved, n, depth + 1);
    }
    if (!Array.isArray(s.allOf)) return { schema: s, name };
    const { allOf, ...own } = s;
    const merged: OA = { ...own };
    for (const part of allOf as OA[]) {
      const p = this.flatten(part, undefined, depth + 1).schema;
      if (p.properties) merged.properties = { ...(merged.properties ?? {}), ...p.properties };
      if (p.required) merged.required = [...new Set([...(merged.required ?? []), ...p.required])];
      for (const [k, v] of Object.entries(p)) {
        if (k !== 'properties' && k !== 'required' && !(k in merged)) merged[k] = v;
      }
    }
    return { schema: merged, name };
  }

  private convert(s: OA, name: string | undefined, depth: number): JsonSchema {
    const { schema, name: named } = this.flatten(s, name, depth);
    const out: JsonSchema = {};
    if (named) out['x-schema'] = named;
    for (const k of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(schema[k])) out[k] = schema[k].map((p: OA) => this.convert(p, undefined, depth + 1));
    }
    const type: string | undefined = schema.type ?? (schema.properties ? 'object' : undefined);
    if (type) out.type = schema.nullable ? [type, 'null'] : type;
    if (Array.isArray(schema.enum)) out.enum = schema.nullable && !schema.enum.includes(null) ? [...schema.enum, null] : schema.enum;
    if (type === 'object') {
      const props = schema.properties ?? {};
      out.properties = Object.fromEntries(Object.entries<OA>(props).map(([k, v]) => [k, this.convert(v, undefined, depth + 1)]));
      const required = (schema.required ?? []).filter((r: string) => r in props);
      if (required.length) out.required = required;
      const extra = schema.additionalProperties;
      out.additionalProperties = extra === undefined ? false : typeof extra === 'object' ? this.convert(extra, undefined, depth + 1) : extra;
    }
    if (type === 'array' && schema.items) out.items = this.convert(schema.items, undefined, depth + 1);
    if (type === 'string') {
      for (const k of ['maxLength', 'minLength', 'pattern']) if (schema[k] !== undefined) out[k] = schema[k];
      if (schema.format === 'date') out.format = 'date';
    }
    if (type === 'number' || type === 'integer') {
      for (const k of ['minimum', 'maximum']) if (schema[k] !== undefined) out[k] = schema[k];
    }
    if (type === 'array') for (const k of ['maxItems', 'minItems']) if (schema[k] !== undefined) out[k] = schema[k];
    return out;
  }
}

function firstJsonSchema(content: OA | undefined): OA | undefined {
  if (!content) return undefined;
  const key = Object.keys(content).find((k) => k.startsWith('application/json')) ?? Object.keys(content)[0];
  return key ? content[key]?.schema : undefined;
}

/** YYYY-MM-DD naming a day of the calendar (what a LocalDate parses). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** ajv's summary errors that repeat what the errors under them say. */
function noise(e: ErrorObject): boolean {
  return e.keyword === 'if' || e.keyword === 'anyOf';
}

/** `/order/items/0/unitVat` → `order.items[0].unitVat`. */
export function dotted(pointer: string): string {
  if (!pointer) return '(body)';
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '');
}

/** The innermost `x-schema` name on the way to the failing keyword. */
function schemaNameAt(root: JsonSchema, schemaPath: string): string {
  let node: any = root;
  let name = root['x-schema'] ?? '(inline)';
  for (const seg of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (node === undefined || node === null) break;
    node = node[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node && typeof node === 'object' && typeof node['x-schema'] === 'string') name = node['x-schema'];
  }
  return name;
}

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function toViolation(e: ErrorObject, root: JsonSchema): Violation {
  const schema = schemaNameAt(root, e.schemaPath);
  const at = dotted(e.instancePath);
  const breaksSdk = !SCHEMA_ONLY.has(e.keyword);
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const path = at === '(body)' ? p.additionalProperty : `${at}.${p.additionalProperty}`;
      return { schema, path, keyword: e.keyword, message: `\`${p.additionalProperty}\` is not declared by ${schema}`, breaksSdk };
    }
    case 'required': {
      const path = at === '(body)' ? p.missingProperty : `${at}.${p.missingProperty}`;
      return { schema, path, keyword: e.keyword, message: `\`${p.missingProperty}\` is required by ${schema} and absent`, breaksSdk };
    }
    case 'type':
      return { schema, path: at, keyword: e.keyword, message: `${at} must be ${[].concat(p.type).join(' or ')}`, breaksSdk };
    case 'enum':
      return { schema, path: at, keyword: e.keyword, message: `${at} must be one of ${(p.allowedValues as unknown[]).join(', ')}`, breaksSdk };
    case 'oneOf':
      return {
        schema,
        path: at,
        keyword: e.keyword,
        message: p.passingSchemas
          ? `${at} matches ${p.passingSchemas.length} of the oneOf schemas of ${schema}, not exactly one`
          : `${at} matches none of the oneOf schemas of ${schema}`,
        breaksSdk,
      };
    default:
      return { schema, path: at, keyword: e.keyword, message: `${at} ${e.message}`, breaksSdk };
  }
}

/** A violation with array indices generalized, for a checklist of distinct ones. */
export function violationKey(operationId: string, v: Violation): string {
  return `${operationId}\u0000${v.schema}\u0000${v.path.replace(/\[\d+\]/g, '[]')}\u0000${v.keyword}`;
}

/** `typeOf` for messages elsewhere. */
export { typeOf };
