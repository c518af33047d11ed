import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Random bytes drawn 4 kB at a time: one getrandom call per 256 ids instead of one per id. */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let taken = POOL_BYTES;

function random16(): Uint8Array {
  if (taken + 16 > pool.length) {
    pool = randomFillSync(new Uint8Array(POOL_BYTES));
    taken = 0;
  }
  taken += 16;
  return pool.subarray(taken - 16, taken);
}

/** uuid's own monotonic v7 state, kept here because it is kept per caller of `uuidv7(options)`. */
const clock = { msecs: -Infinity, seq: 0 };

/**
 * Identifiers: UUIDv7 (RFC 9562). Time-ordered, so they sort in creation order (the
 * payments list pages by paymentId), and they carry 74 random bits. Within one
 * millisecond the 31-bit counter (random start) keeps ids of this process increasing,
 * exactly as `uuidv7()` does; the random bytes come from a pool.
 */
export function newId(): string {
  const random = random16();
  const now = Date.now();
  if (now > clock.msecs) {
    clock.msecs = now;
    clock.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    clock.seq = (clock.seq + 1) | 0;
    if (clock.seq === 0) clock.msecs++;
  }
  return uuidv7({ random, msecs: clock.msecs, seq: clock.seq });
}

/** An unguessable token for links handed to customers (gateway): 256 random bits. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * An id derived from what it identifies, so that making it again from the same document
 * (a re-published outbox entry, an event a consumer handles a second time after Kafka or
 * the database was restored) gives the same id, which consumers' inboxes, the relay's
 * delivery records and partners already hold and deduplicate by.
 *
 * It has the shape of a UUIDv7, like every other id here: the leading 48 bits are `at`, a
 * time taken from what it comes from (the aggregate's id, the causing event), never the
 * clock of the process making it, which differs on a replay; so payment ids still sort in
 * the order of their order events (the payments list pages by paymentId). The other 74 bits
 * are a SHA-256 of `kind` and `parts`.
 */
export function derivedId(at: Date | number, kind: string, ...parts: (string | number)[]): string {
  const ms = Math.max(0, Math.floor(typeof at === 'number' ? at : at.getTime()));
  const hash = createHash('sha256')
    .update([kind, ...parts].map(String).join('\u0000'))
    .digest();
  const b = Buffer.alloc(16);
  b.writeUIntBE(ms % 2 ** 48, 0, 6);
  hash.copy(b, 6, 0, 10);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The milliseconds a UUIDv7 carries in its leading 48 bits (undefined for an id that is not one). */
export function uuidTime(id: string): number | undefined {
  return UUID_V7.test(id) ? parseInt(id.replace(/-/g, '').slice(0, 12), 16) : undefined;
}
