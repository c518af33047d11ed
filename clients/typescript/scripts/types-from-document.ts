import openapiTS, { astToString } from 'openapi-typescript';

/** Where the committed copies live, relative to the client package. */
export const DOCUMENT_FILE = 'openapi.json';
export const TYPES_FILE = 'src/generated/api.ts';

const BANNER = '// Generated from openapi.json by openapi-typescript: do not edit.\n// Regenerate with `npm run client:generate` at the repository root.\n\n';

/**
 * The document as committed: the API's own description without the parts that change
 * with each release or deployment (version, server URL), so regenerating after a version
 * bump alone changes nothing.
 */
export function stableDocument(doc: Record<string, any>): Record<string, any> {
  const { servers: _servers, ...rest } = doc;
  return { ...rest, info: { ...doc.info, version: 'current' } };
}

export function documentText(doc: Record<string, any>): string {
  return `${JSON.stringify(stableDocument(doc), null, 2)}\n`;
}

type Schema = Record<string, any>;
const CONSTRAINT_ONLY = new Set(['required', 'allOf', 'description']);

/** The names a constraint-only schema (`required`, possibly inside `allOf`) requires, or undefined when it says more. */
function requiredOnly(m: Schema): string[] | undefined {
  if (!m || typeof m !== 'object' || !Object.keys(m).every((k) => CONSTRAINT_ONLY.has(k))) return undefined;
  const parts = (m.allOf ?? []).map(requiredOnly);
  if (parts.some((p: string[] | undefined) => !p)) return undefined;
  return [...(m.required ?? []), ...parts.flat()];
}

/** A schema without `type`, `properties`, `$ref` or items: a rule on the object around it, not a shape. */
const isRuleOnly = (m: Schema) => m && typeof m === 'object' && !('type' in m) && !('properties' in m) && !('$ref' in m) && !('items' in m) && !('const' in m) && !('enum' in m);

/**
 * The document as openapi-typescript should read it. An object's "at least one of these"
 * rule (`anyOf: [{required: [code]}, {required: [ean]}, …]`) has no `type`, which
 * openapi-typescript turns into `unknown`, and `{…} | unknown` is `unknown`: the item
 * selectors would take anything. Each such member becomes the whole object with those
 * properties required, so the union keeps the property types; a rule that cannot be told
 * that way is left to the server.
 */
export function typedDocument(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typedDocument);
  if (!node || typeof node !== 'object') return node;
  const s: Schema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, typedDocument(v)]));
  if (!s.properties) return s;
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(s[key])) continue;
    const names: (string[] | undefined)[] = s[key].map(requiredOnly);
    if (names.every(Boolean)) {
      s[key] = (names as string[][]).map((req) => ({
        // every property in every member: openapi-typescript unions the members with the
        // object itself, and a member with fewer properties would take any value for the others
        type: 'object', properties: s.properties, required: req, additionalProperties: false,
      }));
    } else if (s[key].every(isRuleOnly)) delete s[key];
  }
  if (Array.isArray(s.allOf)) {
    s.allOf = s.allOf.filter((m: Schema) => !isRuleOnly(m));
    if (!s.allOf.length) delete s.allOf;
  }
  for (const key of ['not', 'if', 'then', 'else'] as const) if (s[key] && isRuleOnly(s[key])) delete s[key];
  return s;
}

/** Every error code the document names in its responses' "Error codes:" lists, sorted. */
export function documentedErrorCodes(doc: Record<string, any>): string[] {
  const codes = new Set<string>();
  for (const item of Object.values<any>(doc.paths ?? {})) {
    for (const op of Object.values<any>(item)) {
      for (const r of Object.values<any>(op?.responses ?? {})) {
        const text: string = typeof r?.description === 'string' ? r.description : '';
        if (text.includes('Error codes:')) for (const m of text.matchAll(/^- `([A-Z0-9_]+)`/gm)) codes.add(m[1]!);
      }
    }
  }
  return [...codes].sort();
}

/** `ErrorCode`: a union of the documented codes, so a mistyped code in a `switch` does not compile. */
function errorCodesType(doc: Record<string, any>): string {
  const codes = documentedErrorCodes(doc);
  return `/** Every error code the API documents (its responses' "Error codes:" lists). */\nexport type ErrorCode =\n${codes.map((c) => `    | "${c}"`).join('\n')};\n`;
}

/** The TypeScript types of the document: `paths`, `components`, `operations`. */
export async function typesFromDocument(doc: Record<string, any>): Promise<string> {
  const ast = await openapiTS(typedDocument(stableDocument(doc)) as any, { alphabetize: false });
  return `${BANNER}${astToString(ast)}${errorCodesType(doc)}`;
}
