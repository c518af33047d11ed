import { randomBytes, randomFillSync } from 'node:crypto';
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
