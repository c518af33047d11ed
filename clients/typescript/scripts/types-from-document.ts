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

/** The TypeScript types of the document: `paths`, `components`, `operations`. */
export async function typesFromDocument(doc: Record<string, any>): Promise<string> {
  const ast = await openapiTS(stableDocument(doc) as any, { alphabetize: false });
  return BANNER + astToString(ast);
}
