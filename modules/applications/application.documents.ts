import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { fileTypeFromBuffer } from 'file-type';
import { InvalidRequestError, UnprocessableError } from '../../platform/errors.js';
import type { DocumentMeta } from './application.model.js';
import type { DocumentInput } from './application.input.js';
import { MAX_FILE_BYTES } from './application.schemas.js';
import type { DocumentContentDoc } from './application.repository.js';

/**
 * Attached documents (DESIGN 4, spec Limits): the bytes come from base64 (object or bare
 * string form) or are fetched from an https URL; at most 500 kB; the MIME type is sniffed
 * from the content (file-type), never trusted from a name, and must be in the spec's list.
 * The bytes are stored once per content hash, apart from the application.
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

export interface PreparedDocument {
  meta: Omit<DocumentMeta, 'addedAt'>;
  content: Omit<DocumentContentDoc, 'createdAt'>;
}

export class FileTooLarge extends Error {}

export interface DocumentFetcher {
  (url: string): Promise<Buffer>;
}

const PRIVATE_RANGES = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  PRIVATE_RANGES.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::1', 128], ['::', 128], ['fc00::', 7], ['fe80::', 10], ['::ffff:0:0', 96]] as const) PRIVATE_RANGES.addSubnet(net, prefix, 'ipv6');

/**
 * Fetches an https document with the webhook private-network guard (DESIGN 4, 17): the
 * host's addresses are resolved and refused when loopback, private or link-local (unless
 * allowed), redirects are not followed, and the body is cut at the size limit. (The check
 * and the connection resolve the name separately: a DNS-rebinding host could slip
 * through; the relay's guard should become the one shared implementation.)
 */
export function httpsFetcher(opts: { allowPrivateNetworks: boolean; timeoutMs: number; ca?: string }): DocumentFetcher {
  return async (url) => {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivateNetworks) {
      const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
      if (addresses.some((a) => PRIVATE_RANGES.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'))) {
        throw new Error('the host is on a loopback, private or link-local network');
      }
    }
    return new Promise<Buffer>((resolve, reject) => {
      const req = https.get(url, { timeout: opts.timeoutMs, ...(opts.ca ? { ca: opts.ca } : {}) }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`the server answered ${res.statusCode}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_FILE_BYTES) {
            req.destroy(new FileTooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
    });
  };
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
    throw new InvalidRequestError(`The file type ${mime ?? 'unknown'} is not accepted; accepted: PDF, Office documents, plain text, JPEG, PNG, GIF.`, { attribute });
  }
  return mime;
}

async function bytesOf(file: DocumentInput['file'], attribute: string, fetcher: DocumentFetcher): Promise<{ bytes: Buffer; filename?: string; sourceUrl?: string }> {
  if (typeof file === 'object') return { bytes: Buffer.from(file.content, 'base64'), filename: file.filename };
  if (!file.startsWith('https://')) return { bytes: Buffer.from(file, 'base64') };
  try {
    const bytes = await fetcher(file);
    return { bytes, sourceUrl: file, filename: decodeURIComponent(new URL(file).pathname.split('/').pop() ?? '') || undefined };
  } catch (err) {
    if (err instanceof FileTooLarge) throw new InvalidRequestError(`The file exceeds ${MAX_FILE_BYTES / 1024} kB.`, { attribute });
    throw new UnprocessableError('UNPROCESSABLE', `The file could not be fetched from ${file}: ${(err as Error).message}.`, { attribute });
  }
}

/** Decodes or fetches, checks and hashes the documents; nothing is stored yet. */
export async function prepareDocuments(docs: DocumentInput[] | undefined, root: string, fetcher: DocumentFetcher): Promise<PreparedDocument[]> {
  return Promise.all((docs ?? []).map(async (d, i) => {
    const attribute = `${root}[${i}].file`;
    const { bytes, filename, sourceUrl } = await bytesOf(d.file, attribute, fetcher);
    if (bytes.length === 0) throw new InvalidRequestError('The file is empty.', { attribute });
    if (bytes.length > MAX_FILE_BYTES) throw new InvalidRequestError(`The file has ${bytes.length} bytes; at most ${MAX_FILE_BYTES} (500 kB) are accepted.`, { attribute });
    const mimeType = await sniff(bytes, filename, attribute);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const meta: PreparedDocument['meta'] = {
      type: d.type, mimeType, size: bytes.length, sha256,
      ...(filename ? { filename } : {}),
      ...(sourceUrl ? { sourceUrl } : {}),
      ...(d.description ? { description: d.description } : {}),
      ...(d.extraData ? { extraDataJson: JSON.stringify(d.extraData) } : {}),
    };
    return { meta, content: { _id: sha256, mimeType, size: bytes.length, content: bytes as any } };
  }));
}
