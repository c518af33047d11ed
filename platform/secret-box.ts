import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Secrets at rest (webhook signing secrets, access-token signing keys): envelope encryption.
 * Each secret gets a fresh 256-bit data key; the secret is sealed with AES-256-GCM under the
 * data key, and the data key is sealed with AES-256-GCM under the master key, which lives
 * only in a file (MASTER_KEY_FILE: a mounted Kubernetes or Docker secret), never in the store.
 * The record names the master key by its id (the first 16 hex digits of its SHA-256), and
 * binds itself to its place (`context`, e.g. `partner/<id>/webhook-secret`) as GCM additional
 * data, so a sealed value copied onto another record does not open.
 *
 * Record: `pfsec:v1:<master key id>:<wrapped data key>:<iv>:<ciphertext+tag>` (base64url).
 * A stored value without the prefix is one written before encryption: `open` passes it
 * through, and `ops keys reencrypt` seals it.
 *
 * Rotation: configure the new key as MASTER_KEY_FILE and the old one in
 * MASTER_KEY_PREVIOUS_FILES on every instance, run `ops keys reencrypt`, then drop the old.
 */
export const SEALED_PREFIX = 'pfsec:v1:';

export class SecretBoxError extends Error {}

export interface MasterKeys {
  current: Buffer;
  previous: Buffer[];
}

export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

function gcmSeal(key: Buffer, plaintext: Buffer, aad: string): { iv: Buffer; sealed: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv, sealed };
}

function gcmOpen(key: Buffer, iv: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
}

export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  constructor(keys: MasterKeys) {
    for (const k of [keys.current, ...keys.previous]) {
      if (k.length !== 32) throw new SecretBoxError(`a master key must be 32 bytes, got ${k.length}`);
      this.keys.set(masterKeyId(k), k);
    }
    this.currentKeyId = masterKeyId(keys.current);
  }

  /** Seals `plaintext` for `context` under the current master key. */
  seal(plaintext: string, context: string): string {
    const dataKey = randomBytes(32);
    const wrapped = gcmSeal(this.keys.get(this.currentKeyId)!, dataKey, `dk|${context}`);
    const body = gcmSeal(dataKey, Buffer.from(plaintext, 'utf8'), context);
    return `${SEALED_PREFIX}${this.currentKeyId}:${b64(Buffer.concat([wrapped.iv, wrapped.sealed]))}:${b64(body.iv)}:${b64(body.sealed)}`;
  }

  /** The secret a stored value holds: opened when sealed, as it is when written before encryption. */
  open(stored: string, context: string): string {
    if (!stored.startsWith(SEALED_PREFIX)) return stored;
    const [kid, wrapped, iv, sealed] = stored.slice(SEALED_PREFIX.length).split(':');
    const master = kid ? this.keys.get(kid) : undefined;
    if (!master || !wrapped || !iv || !sealed) {
      throw new SecretBoxError(
        `a secret (${context}) is sealed under master key ${kid ?? '?'}, which is neither MASTER_KEY_FILE (${this.currentKeyId}) nor one of MASTER_KEY_PREVIOUS_FILES`,
      );
    }
    try {
      const w = unb64(wrapped);
      const dataKey = gcmOpen(master, w.subarray(0, 12), w.subarray(12), `dk|${context}`);
      return gcmOpen(dataKey, unb64(iv), unb64(sealed), context).toString('utf8');
    } catch {
      throw new SecretBoxError(`a secret (${context}) does not open under master key ${kid}: the record was changed or moved`);
    }
  }

  /** Whether a stored value is sealed under the current master key (re-encryption leaves those alone). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${SEALED_PREFIX}${this.currentKeyId}:`);
  }
}

/** A master key file: 32 raw bytes, or their base64 or hex (a trailing newline is fine). */
export function readMasterKey(file: string, setting: string): Buffer {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch (err) {
    throw new SecretBoxError(`${setting}: cannot read ${file} (${(err as Error).message})`);
  }
  if (raw.length === 32) return raw;
  const text = raw.toString('utf8').trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  const decoded = Buffer.from(text, 'base64');
  if (decoded.length === 32) return decoded;
  throw new SecretBoxError(`${setting}: ${file} does not hold a 32-byte key (raw, base64 or hex); make one with: openssl rand -base64 32`);
}

/**
 * The development master key, for local runs without MASTER_KEY_FILE: made once and kept in
 * the project's cache, so secrets sealed by one `npm start` open at the next. Never used in
 * production (the configuration refuses to start there without MASTER_KEY_FILE).
 */
export function developmentMasterKey(file: string): { key: Buffer; file: string; made: boolean } {
  if (existsSync(file)) return { key: readMasterKey(file, 'the development master key'), file, made: false };
  mkdirSync(dirname(file), { recursive: true });
  // written aside and linked into place, which fails when another process got there first:
  // processes starting together (a test run, npm start's API and relay) all use one key
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  let made = true;
  try {
    linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    made = false;
  } finally {
    unlinkSync(aside);
  }
  return { key: readMasterKey(file, 'the development master key'), file, made };
}

export interface SecretSettings {
  /** MASTER_KEY_FILE (production: required) */
  masterKeyFile?: string;
  /** MASTER_KEY_PREVIOUS_FILES: keys records may still be sealed under, during a rotation */
  previousKeyFiles: string[];
  /** where a local run keeps its development key when MASTER_KEY_FILE is unset */
  developmentKeyFile: string;
}

/**
 * The secret box of a process, from its settings: the master key of MASTER_KEY_FILE (and the
 * previous ones of a rotation), or, locally only (the configuration refuses production
 * without MASTER_KEY_FILE), a development key made once and kept in the cache, with a
 * warning that says so.
 */
export function openSecretBox(s: SecretSettings, warn: (msg: string, file: string) => void): SecretBox {
  const previous = s.previousKeyFiles.map((f) => readMasterKey(f, 'MASTER_KEY_PREVIOUS_FILES'));
  if (s.masterKeyFile) return new SecretBox({ current: readMasterKey(s.masterKeyFile, 'MASTER_KEY_FILE'), previous });
  const dev = developmentMasterKey(s.developmentKeyFile);
  warn(
    dev.made
      ? 'no MASTER_KEY_FILE: made a development master key for local runs; secrets at rest are sealed with it (never use this in production)'
      : 'no MASTER_KEY_FILE: using the development master key kept for local runs (never use this in production)',
    dev.file,
  );
  return new SecretBox({ current: dev.key, previous });
}
