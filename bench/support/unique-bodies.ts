import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';

/** Where a body names its unique part: a run of this many zeros after `PLACEHOLDER_PREFIX`. */
const SLOT = 16;
const PLACEHOLDER_PREFIX = 'U-';

/** The placeholder to put where every request needs a value of its own (an order number). */
export const UNIQUE_PLACEHOLDER = `${PLACEHOLDER_PREFIX}${'0'.repeat(SLOT)}`;

/**
 * Values in UNIQUE_PLACEHOLDER's shape that no other call of any such source in this process
 * returns: `U-`, a random prefix of the source, and a counter (an order number of its own).
 */
export function uniqueValues(): () => string {
  const prefix = randomBytes(4).toString('hex'); // 8 of the SLOT characters
  let n = 0;
  return () => PLACEHOLDER_PREFIX + prefix + (n++).toString(36).padStart(SLOT - prefix.length, '0');
}

/**
 * An autocannon `setupRequest` that sends `body` with UNIQUE_PLACEHOLDER replaced by a value
 * no other request of this process has used: a random prefix of this process and a counter.
 *
 * autocannon's own `idReplacement` turns every request back into a string, scans it with
 * two regular expressions and encodes it again, all inside the load generator that shares
 * the machine's two cores with the service it measures. Here a request costs one copy of
 * the body's bytes and a 16-byte write into the copy, close to what a fixed body costs the
 * generator (the floor's), so both figures carry the same load-generator overhead.
 */
export function uniqueBodies(body: string): (req: autocannon.Request) => autocannon.Request {
  const template = Buffer.from(body, 'utf8');
  const at = template.indexOf(UNIQUE_PLACEHOLDER) + PLACEHOLDER_PREFIX.length;
  if (at < PLACEHOLDER_PREFIX.length) throw new Error('the body has no UNIQUE_PLACEHOLDER');
  const next = uniqueValues();
  return (req) => {
    const copy = Buffer.allocUnsafe(template.length);
    template.copy(copy);
    copy.write(next().slice(PLACEHOLDER_PREFIX.length), at, SLOT, 'latin1');
    req.body = copy;
    return req;
  };
}
