import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { CLIENT_DIR, currentDocument } from '../../scripts/client-types.js';
import { DOCUMENT_FILE, TYPES_FILE, documentText, typesFromDocument } from '../../clients/typescript/scripts/types-from-document.js';

const HOW = 'run `npm run client:generate` and commit clients/typescript';

describe('the TypeScript client generated from /openapi.json', function () {
  this.timeout(60_000);
  let doc: Record<string, any>;
  before(async () => {
    doc = await currentDocument();
  });

  it('when the routes change, then the committed OpenAPI document must be regenerated', async () => {
    const committed = await readFile(path.join(CLIENT_DIR, DOCUMENT_FILE), 'utf8');
    expect(committed === documentText(doc), `clients/typescript/${DOCUMENT_FILE} is stale: ${HOW}`).to.equal(true);
  });

  it('when the document changes, then the committed types must be regenerated', async () => {
    const committed = await readFile(path.join(CLIENT_DIR, TYPES_FILE), 'utf8');
    expect(committed === (await typesFromDocument(doc)), `clients/typescript/${TYPES_FILE} is stale: ${HOW}`).to.equal(true);
  });
});
