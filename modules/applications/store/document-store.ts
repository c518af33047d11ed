import { createHash } from 'node:crypto';
import { Binary } from 'mongodb';
import { fileTypeFromBuffer } from 'file-type';
import { InvalidRequestError, UnprocessableError } from '../../../platform/errors.js';
import { guardedHttpsGet, ResponseTooLarge } from '../../../platform/net/guarded-fetch.js';
import { RefusedAddressError, type Resolver } from '../../../platform/net/ssrf-guard.js';
import { MAX_FILE_BYTES, type DocumentMeta, type DocumentInput, type FileInput } from '../../order-rules/index.js';
import type { ApplicationRepository, DocumentContentDoc } from './application.repository.js';
import type { Logger } from '../../../platform/logger.js';

/**
 * Attached documents, wherever they are attached (create, create from recurrence, deliver,
 * return, order change; spec Limits): the bytes come from base64 (object or bare
 * string form) or are fetched from an https URL; at most 500 kB; the MIME type is sniffed
 * from the content (file-type), never trusted from a name or a header, and must be in the
 * spec's list. The bytes are stored once per content hash in this module's contents
 * collection; the order keeps the metadata.
 */
export const ACCEPTED_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel',
  'application/msword',
  'application/vnd.ms-powerpoint',
  'text/plain', // the spec lists it as "plain/text"
  'image/jpeg',
  'image/png',
  'image/gif',
];

/** Legacy Office files share one container format (CFB): the extension tells them apart. */
const CFB_BY_EXTENSION: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };

/**
 * The file name extensions of each accepted type. A name whose extension names a type must
 * name the type of the content: an HTML page sent as `x.pdf` sniffs as text and would be
 * kept, and later handed out, as `x.pdf`.
 */
const EXTENSIONS_BY_MIME: Record<string, string[]> = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.ms-excel': ['xls'],
  'application/msword': ['doc'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'text/plain': ['txt', 'text', 'csv', 'tsv', 'log'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
};

/**
 * The extension a file name claims: what follows its last dot, when that reads as an
 * extension (a letter, then letters or digits). `scan 12.05.2024` claims none.
 */
function claimedExtension(filename: string | undefined): string | undefined {
  const ext = filename?.includes('.') ? filename.split('.').pop()!.toLowerCase() : undefined;
  return ext && /^[a-z][a-z0-9]{0,9}$/.test(ext) ? ext : undefined;
}

/**
 * What a file name may not hold: a path separator or `..` (a name is a name, never a path
 * into someone's file system when the file is saved), and control characters (C0, DEL, C1:
 * NUL cuts a name short in C code, a line break forges log lines) or the bidirectional
 * formatting characters (U+202A-U+202E, U+2066-U+2069) that make `invoice<U+202E>fdp.exe`
 * read as `invoiceexe.pdf`.
 */
const UNSAFE_FILENAME = /[/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\.\./;

function assertSafeFilename(filename: string, attribute: string): void {
  if (UNSAFE_FILENAME.test(filename)) {
    throw new InvalidRequestError('The file name may not contain "/", "\\", ".." or control characters.', { attribute });
  }
}

/** Fetches the bytes of a document given as an https URL. */
export type DocumentFetcher = (url: string) => Promise<Buffer>;

/** The production fetcher: the shared private-network guard, no redirects, the 500 kB cap while streaming. */
export function httpsDocumentFetcher(opts: { allowPrivateNetworks: boolean; timeoutMs: number; ca?: string; resolve?: Resolver }): DocumentFetcher {
  return (url) => guardedHttpsGet(url, { ...opts, maxBytes: MAX_FILE_BYTES });
}

interface CheckedDocument {
  meta: Omit<DocumentMeta, 'addedAt'>;
  content: Omit<DocumentContentDoc, 'createdAt'>;
}

/**
 * What a partner learns when a document URL cannot be fetched, whatever the reason: a
 * closed port, a name that does not resolve, a host on a private network, a timeout, an
 * error status and a redirect all read the same, so the fetcher is no probe of which ports
 * answer and which names resolve from inside our network. The reason goes to our log.
 */
export const DOCUMENT_FETCH_FAILED =
  'The document could not be fetched from this URL: it must be on a public https server that answers 200 with the file in time, without a redirect.';

export class DocumentStore {
  constructor(
    private readonly repo: ApplicationRepository,
    private readonly fetcher: DocumentFetcher,
    private readonly logger?: Logger,
  ) {}

  /**
   * Decodes or fetches, checks and stores the files; returns their metadata in input order.
   * Nothing is stored unless every file passes. Stored bytes that end up unreferenced (the
   * request is refused later) are harmless: they are addressed by hash only.
   */
  async prepare(inputs: DocumentInput[] | undefined, attributeOf: (index: number) => string, now = new Date()): Promise<DocumentMeta[]> {
    const checked = await Promise.all((inputs ?? []).map((d, i) => this.check(d, attributeOf(i))));
    await Promise.all(checked.map((c) => this.repo.putContent({ ...c.content, createdAt: now })));
    return checked.map((c) => ({ ...c.meta, addedAt: now }));
  }

  private async check(d: DocumentInput, attribute: string): Promise<CheckedDocument> {
    const { bytes, filename, sourceUrl } = await this.bytesOf(d.file, attribute);
    if (bytes.length === 0) throw new InvalidRequestError('The file is empty.', { attribute });
    if (bytes.length > MAX_FILE_BYTES) throw tooLarge(attribute, bytes.length);
    const mimeType = await sniff(bytes, filename, attribute);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const meta: CheckedDocument['meta'] = {
      type: d.type,
      mimeType,
      size: bytes.length,
      sha256,
      ...(filename ? { filename } : {}),
      ...(sourceUrl ? { sourceUrl } : {}),
      ...(d.description ? { description: d.description } : {}),
      ...(d.extraData ? { extraDataJson: JSON.stringify(d.extraData) } : {}),
    };
    return { meta, content: { _id: sha256, mimeType, size: bytes.length, content: new Binary(bytes) } };
  }

  private async bytesOf(file: FileInput, attribute: string): Promise<{ bytes: Buffer; filename?: string; sourceUrl?: string }> {
    if (typeof file === 'object') {
      assertSafeFilename(file.filename, `${attribute}.filename`);
      return { bytes: Buffer.from(file.content, 'base64'), filename: file.filename };
    }
    if (!file.startsWith('https://')) return { bytes: Buffer.from(file, 'base64') };
    // the name comes from the URL's last segment, judged before anything is fetched
    const filename = urlFilename(file, attribute);
    try {
      const bytes = await this.fetcher(file);
      return { bytes, sourceUrl: file, filename };
    } catch (err) {
      if (err instanceof ResponseTooLarge) throw tooLarge(attribute);
      const e = err as NodeJS.ErrnoException;
      this.logger?.info(
        { host: new URL(file).host, attribute, reason: e?.message, code: e?.code, refused: err instanceof RefusedAddressError },
        'document URL not fetched',
      );
      throw new UnprocessableError('UNPROCESSABLE', DOCUMENT_FETCH_FAILED, { attribute });
    }
  }
}

/** The file name of a document URL: its last path segment, decoded; 400 naming the URL when it is no safe name. */
function urlFilename(url: string, attribute: string): string | undefined {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  let filename: string;
  try {
    filename = decodeURIComponent(segment);
  } catch {
    throw new InvalidRequestError('The file name in the URL is not valid percent-encoded UTF-8.', { attribute });
  }
  if (!filename) return undefined;
  assertSafeFilename(filename, attribute);
  return filename;
}

function tooLarge(attribute: string, size?: number): InvalidRequestError {
  const has = size === undefined ? 'is larger' : `has ${size} bytes`;
  return new InvalidRequestError(`The file ${has}; at most ${MAX_FILE_BYTES} bytes (500 kB) are accepted.`, { attribute });
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

async function sniff(bytes: Buffer, filename: string | undefined, attribute: string): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  let mime = found?.mime as string | undefined;
  if (mime === 'application/x-cfb') {
    const ext = filename?.split('.').pop()?.toLowerCase() ?? '';
    mime = CFB_BY_EXTENSION[ext];
    if (!mime) throw new InvalidRequestError('A legacy Office file needs a filename ending in .doc, .xls or .ppt.', { attribute });
  }
  if (!found && isText(bytes)) mime = 'text/plain';
  if (!mime || !ACCEPTED_MIME_TYPES.includes(mime)) {
    throw new InvalidRequestError(`The file type ${mime ?? 'unknown'} is not accepted; accepted: PDF, Office documents, plain text, JPEG, PNG, GIF.`, {
      attribute,
    });
  }
  const ext = claimedExtension(filename);
  if (ext !== undefined && !EXTENSIONS_BY_MIME[mime]!.includes(ext)) {
    throw new InvalidRequestError(`The file name ends in .${ext}, but the content is ${mime}; send the file under a name of its type.`, { attribute });
  }
  return mime;
}
