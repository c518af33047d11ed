// Writes the API's OpenAPI document and the TypeScript client's types generated from it:
//   npm run client:generate
// The document comes from the code itself: the API is started in-process on its own
// database and topics (dropped afterwards) against the local stack (`npm start`'s), and
// its /openapi.json is read, so what is committed is exactly what the routes declare.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestApi } from '../test/support/api.js';
import { resolveStack } from './local-stack.js';
import { DOCUMENT_FILE, TYPES_FILE, documentText, typesFromDocument } from '../clients/typescript/scripts/types-from-document.js';

export const CLIENT_DIR = fileURLToPath(new URL('../clients/typescript/', import.meta.url));

/** The document of an API built from this checkout, with the sandbox routes (the client offers them). */
export async function currentDocument(): Promise<Record<string, any>> {
  const t = await startTestApi({ SANDBOX: 'true' });
  try {
    const res = await t.client.get('/openapi.json');
    if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
    return res.body;
  } finally {
    await t.stop();
  }
}

async function main() {
  if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) {
    const stack = await resolveStack({ start: true });
    process.env.MONGO_URL = stack.MONGO_URL;
    process.env.KAFKA_BROKERS = stack.KAFKA_BROKERS;
  }
  const doc = await currentDocument();
  const types = path.join(CLIENT_DIR, TYPES_FILE);
  await mkdir(path.dirname(types), { recursive: true });
  await writeFile(path.join(CLIENT_DIR, DOCUMENT_FILE), documentText(doc));
  await writeFile(types, await typesFromDocument(doc));
  process.stdout.write(`wrote ${DOCUMENT_FILE} and ${TYPES_FILE} in clients/typescript/\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
      process.exit(1);
    },
  );
}
