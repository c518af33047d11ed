import { createHash } from 'node:crypto';
import { Binary, type Collection, type Db } from 'mongodb';
import { fileTypeFromBuffer } from 'file-type';
import { InvalidRequestError, UnprocessableError } from '../../platform/errors.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import type { DocumentMeta, DocumentType } from '../applications/index.js';

/**
 * Documents attached by deliver, return and order change (spec Document, Limits; DESIGN 4):
 * base64 content (object or bare string), at most 500 kB, the MIME type sniffed from the
 * bytes and checked against the spec's list. The bytes go to this module's own collection,
 * once per content hash; the order keeps the metadata. Fetching by https URL is the
 * applications module's (not on its face yet): such a file is refused with a clear 422.
 */
const MAX_FILE_BYTES = 500 * 1024;
const ACCEPTED = [
  'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel', 'application/msword', 'application/vnd.ms-powerpoint', 'text/plain', 'image/jpeg', 'image/png', 'image/gif',
];

export interface DocumentInput {
  type: DocumentType;
  file: string | { filename: string; content: string };
  description?: string;
  extraData?: Record<string, unknown>;
}

interface ContentDoc {
  _id: string;
  mimeType: string;
  size: number;
  content: Binary;
  createdAt: Date;
}

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export class OrderDocuments {
  private readonly contents: Collection<ContentDoc>;

  constructor(db: Db) {
    this.contents = db.collection<ContentDoc>('order_document_contents');
  }

  /** Checks and stores the files; returns the metadata for the order (nothing stored on a bad file). */
  async store(docs: DocumentInput[], attributeOf: (index: number) => string, now: Date): Promise<DocumentMeta[]> {
    const prepared = await Promise.all(docs.map((d, i) => this.prepare(d, attributeOf(i), now)));
    for (const p of prepared) {
      await this.contents.insertOne(p.content).catch((err) => { if (!isDuplicateKey(err)) throw err; });
    }
    return prepared.map((p) => p.meta);
  }

  private async prepare(d: DocumentInput, attribute: string, now: Date): Promise<{ meta: DocumentMeta; content: ContentDoc }> {
    if (typeof d.file === 'string' && d.file.startsWith('https://')) {
      throw new UnprocessableError('UNPROCESSABLE', 'Documents of order operations are accepted as base64 content; send the file\'s content.', { attribute });
    }
    const filename = typeof d.file === 'object' ? d.file.filename : undefined;
    const bytes = Buffer.from(typeof d.file === 'object' ? d.file.content : d.file, 'base64');
    if (bytes.length === 0) throw new InvalidRequestError('The file is empty.', { attribute });
    if (bytes.length > MAX_FILE_BYTES) throw new InvalidRequestError(`The file has ${bytes.length} bytes; at most ${MAX_FILE_BYTES} (500 kB) are accepted.`, { attribute });
    const found = await fileTypeFromBuffer(bytes);
    const mimeType = (found?.mime as string | undefined) ?? (isText(bytes) ? 'text/plain' : undefined);
    if (!mimeType || !ACCEPTED.includes(mimeType)) {
      throw new InvalidRequestError(`The file type ${mimeType ?? 'unknown'} is not accepted; accepted: PDF, Office documents, plain text, JPEG, PNG, GIF.`, { attribute });
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const meta: DocumentMeta = {
      type: d.type, mimeType, size: bytes.length, sha256, addedAt: now,
      ...(filename ? { filename } : {}),
      ...(d.description ? { description: d.description } : {}),
      ...(d.extraData ? { extraDataJson: JSON.stringify(d.extraData) } : {}),
    };
    return { meta, content: { _id: sha256, mimeType, size: bytes.length, content: new Binary(bytes), createdAt: now } };
  }
}
