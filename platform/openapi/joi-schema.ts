import { createRequire } from 'node:module';
import type Joi from 'joi';

/**
 * joi → JSON Schema (OpenAPI 3.1) through joi-to-json, with the rules joi enforces that
 * joi-to-json leaves out or gets wrong. Each gap would make the document call a value valid
 * that the server answers with 400, so a client (or a generated test) that trusts the
 * document would be refused.
 */
export type JsonSchema = Record<string, any>;

const require = createRequire(import.meta.url);
// joi-to-json's own OpenAPI 3.1 parser (what `parse(schema, 'open-api-3.1')` uses), extended below
const OpenApi31Parser: new () => {
  parse(description: unknown, definitions: Record<string, JsonSchema>, level?: number): JsonSchema;
} = require('joi-to-json/lib/parsers/open-api-3.1');
const base = OpenApi31Parser.prototype as any;

/** joi's own base64 expressions (joi/lib/types/string.js), by paddingRequired and urlSafe; `\w` spelled out. */
const BASE64: Record<string, string> = {
  'true,false': '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
  'true,true': '^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}==|[A-Za-z0-9_-]{3}=)?$',
  'false,false': '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$',
  'false,true': '^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$',
};

/**
 * What the body reader (platform/http/json-body.ts) lets through inside free-form JSON
 * (customData, a document's extraData): no key that starts with `$` or holds a `.` (the
 * store would read them as operators and paths), none of the prototype keys, arrays of at
 * most 1000 elements, at every depth. Two components that refer to each other through
 * objects; in the document an array holds values other than arrays (the generated
 * TypeScript client cannot type an array of itself), which is stricter than the reader.
 */
export const FREE_JSON_KEYS: JsonSchema = { pattern: '^(?:[^$.][^.]*)?$', not: { enum: ['__proto__', 'constructor', 'prototype'] } };
const FREE_JSON_REF = { $ref: '#/components/schemas/FreeJsonValue' };
const FREE_JSON_OBJECT_REF = { $ref: '#/components/schemas/FreeJsonObject' };
const PRIMITIVE = { type: ['null', 'boolean', 'number', 'string'] };
const FREE_JSON_COMPONENTS: Record<string, JsonSchema> = {
  FreeJsonValue: {
    description: 'any JSON value; in objects, keys neither start with `$` nor contain `.`',
    anyOf: [PRIMITIVE, FREE_JSON_OBJECT_REF, { type: 'array', maxItems: 1000, items: { anyOf: [PRIMITIVE, FREE_JSON_OBJECT_REF] } }],
  },
  FreeJsonObject: { type: 'object', propertyNames: FREE_JSON_KEYS, additionalProperties: FREE_JSON_REF },
};

type Rule = { name: string; args?: JsonSchema };
const ruleOf = (defn: JsonSchema, name: string): Rule | undefined => (defn.rules ?? []).find((r: Rule) => r.name === name);

/** A `when` on a key that looks at a sibling key: `{ref: {path: [sibling]}, is, then?, otherwise?}`. */
function siblingWhens(defn: JsonSchema): JsonSchema[] | undefined {
  const whens: JsonSchema[] | undefined = defn.whens;
  if (!whens?.length) return undefined;
  const sibling = (w: JsonSchema) => w.ref && !w.switch && w.is && w.ref.path?.length === 1 && (w.ref.ancestor ?? 1) === 1 && !w.ref.type;
  if (!whens.every(sibling)) throw new Error(`a joi when() this document cannot describe: ${JSON.stringify(whens)}`);
  return whens;
}

class Parser extends OpenApi31Parser {
  /**
   * Strings: joi refuses an empty string unless a schema allows it (`.allow('')`,
   * `.empty('')`), written as minLength 1; a URI's allowed schemes, written as a pattern;
   * base64 as joi's own expression.
   */
  _setStringFieldProperties(fieldSchema: JsonSchema, fieldDefn: JsonSchema): void {
    base._setStringFieldProperties.call(this, fieldSchema, fieldDefn);
    if (fieldSchema.type !== 'string') return;
    const emptyAllowed = fieldDefn.flags?.empty !== undefined || (fieldDefn.allow ?? []).includes('');
    if (fieldSchema.minLength === undefined && !emptyAllowed) fieldSchema.minLength = 1;
    // `uri({scheme: [...]})` becomes format uri alone: the schemes the server takes are lost
    const schemes = ruleOf(fieldDefn, 'uri')?.args?.options?.scheme;
    if (schemes && fieldSchema.pattern === undefined) fieldSchema.pattern = `^(?:${[schemes].flat().join('|')}):`;
    const b64 = ruleOf(fieldDefn, 'base64')?.args?.options;
    if (b64 && fieldSchema.pattern === undefined) fieldSchema.pattern = BASE64[`${b64.paddingRequired ?? true},${b64.urlSafe ?? false}`];
  }

  /** `precision(n)`: at most n decimal places, which is a multiple of 10^-n. */
  _setNumberFieldProperties(fieldSchema: JsonSchema, fieldDefn: JsonSchema): void {
    base._setNumberFieldProperties.call(this, fieldSchema, fieldDefn);
    const places = ruleOf(fieldDefn, 'precision')?.args?.limit;
    if (typeof places === 'number' && fieldSchema.type === 'number' && fieldSchema.multipleOf === undefined) {
      fieldSchema.multipleOf = Number(`1e-${places}`);
    }
  }

  /** A schema's `meta({pattern})`: the documented form of a value a custom rule checks. */
  _setMetaProperties(schema: JsonSchema, joiSpec: JsonSchema): void {
    base._setMetaProperties.call(this, schema, joiSpec);
    for (const m of joiSpec.metas ?? []) {
      if (typeof m.pattern === 'string') schema.pattern = m.pattern;
      if (typeof m.format === 'string') schema.format = m.format;
    }
  }

  /**
   * joi-to-json merges a sibling-dependent `when` into the key's own schema (a bare
   * `then: Joi.required()` turns the key into "any type"). Written instead as the object's
   * `if`/`then`/`else` on the sibling: the key keeps its own schema, and the condition adds
   * what the branch adds (presence, further limits).
   */
  _setObjectProperties(schema: JsonSchema, joiSpec: JsonSchema, definitions: JsonSchema, level: number): void {
    const conditions: Array<[string, JsonSchema]> = [];
    const keys: JsonSchema = { ...joiSpec.keys };
    for (const [key, defn] of Object.entries<JsonSchema>(keys)) {
      const whens = siblingWhens(defn);
      if (!whens) continue;
      keys[key] = { ...defn, whens: undefined };
      for (const w of whens) conditions.push([key, w]);
    }
    base._setObjectProperties.call(this, schema, { ...joiSpec, keys }, definitions, level);
    if (schema.type !== 'object' && !(Array.isArray(schema.type) && schema.type.includes('object'))) return;
    this.objectLimits(schema, joiSpec, definitions);
    if (!conditions.length) return;
    schema.allOf = [...(schema.allOf ?? []), ...conditions.map(([key, w]) => this.condition(key, w, definitions, level))];
  }

  /** `min`/`max`/`length` on an object count its keys; free-form content follows the body reader's rules. */
  private objectLimits(schema: JsonSchema, joiSpec: JsonSchema, definitions: JsonSchema): void {
    for (const r of (joiSpec.rules ?? []) as Rule[]) {
      if (r.name === 'min' || r.name === 'length') schema.minProperties = r.args!.limit;
      if (r.name === 'max' || r.name === 'length') schema.maxProperties = r.args!.limit;
    }
    if (schema.additionalProperties === true) {
      Object.assign(definitions, FREE_JSON_COMPONENTS);
      schema.propertyNames = FREE_JSON_KEYS;
      schema.additionalProperties = FREE_JSON_REF;
    }
  }

  /** `unique(key)`: joi-to-json writes uniqueItems (whole items differ); the key that must differ goes to `x-unique-by`. */
  _setArrayFieldProperties(fieldSchema: JsonSchema, fieldDefn: JsonSchema, definitions: JsonSchema, level: number): void {
    base._setArrayFieldProperties.call(this, fieldSchema, fieldDefn, definitions, level);
    const by = ruleOf(fieldDefn, 'unique')?.args?.comparator;
    if (typeof by === 'string' && fieldSchema.type === 'array') fieldSchema['x-unique-by'] = by;
  }

  private condition(key: string, w: JsonSchema, definitions: JsonSchema, level: number): JsonSchema {
    const sibling = w.ref.path[0] as string;
    const isRequired = w.is.flags?.presence === 'required';
    const is = this.constraint(w.is, definitions, level);
    const out: JsonSchema = { if: { ...(is ? { properties: { [sibling]: is } } : {}), ...(isRequired ? { required: [sibling] } : {}) } };
    if (w.then) out.then = this.branch(key, w.then, definitions, level);
    if (w.otherwise) out.else = this.branch(key, w.otherwise, definitions, level);
    return out;
  }

  /** What a `then`/`otherwise` schema adds to `key`: its presence, and its limits. */
  private branch(key: string, defn: JsonSchema, definitions: JsonSchema, level: number): JsonSchema {
    const limits = this.constraint(defn, definitions, level);
    const out: JsonSchema = limits ? { properties: { [key]: limits } } : {};
    const presence = defn.flags?.presence;
    if (presence === 'required') out.required = [key];
    if (presence === 'forbidden') out.not = { required: [key] };
    return out;
  }

  /** A condition's schema without its presence flag; undefined when presence was all it said (`Joi.exist()`). */
  private constraint(defn: JsonSchema, definitions: JsonSchema, level: number): JsonSchema | undefined {
    const { presence: _presence, ...flags } = defn.flags ?? {};
    const onlyPresence = defn.type === 'any' && Object.keys(flags).length === 0 && Object.keys(defn).every((k) => k === 'type' || k === 'flags');
    return onlyPresence ? undefined : this.parse({ ...defn, flags }, definitions, level + 1);
  }
}

/** Converts joi schemas; shared definitions (joi `.id()`) are collected in `components`. */
export class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: Joi.Schema): JsonSchema {
    const out = new Parser().parse(schema.describe(), this.components);
    delete out.components; // the shared definitions are collected in this.components
    return out;
  }
}
