import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * Identifiers: UUIDv7 (RFC 9562). Time-ordered, so they sort in creation order (the
 * payments list pages by paymentId), and they carry 74 random bits.
 */
export function newId(): string {
  return uuidv7();
}

/** An unguessable token for links handed to customers (gateway): 256 random bits. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}
