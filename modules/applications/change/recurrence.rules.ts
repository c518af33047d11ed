import type { ApplicationDoc, RecurrenceDoc, Status } from '../application.model.js';

/**
 * The recurrence follows its origin application. APPROVING → READY when the
 * origin is approved (authorized now, valid for RECURRENCE_VALIDITY); APPROVING or READY →
 * CANCELLED when the origin is rejected or cancelled. Returns the new recurrence, or
 * undefined when nothing changes.
 */
export function recurrenceAfter(doc: Pick<ApplicationDoc, 'recurrence'>, status: Status, now: Date, validityMs: number): RecurrenceDoc | undefined {
  const r = doc.recurrence;
  if (!r) return undefined;
  if (status.state === 'READY' && r.state === 'APPROVING') {
    return { ...r, state: 'READY', authorizedAt: now, validUntil: new Date(now.getTime() + validityMs) };
  }
  if ((status.state === 'REJECTED' || status.state === 'CANCELLED') && (r.state === 'APPROVING' || r.state === 'READY')) {
    return { ...r, state: 'CANCELLED', cancelledAt: now };
  }
  return undefined;
}

/** Whether a recurrence can create applications now. */
export function recurrenceUsable(r: RecurrenceDoc, now: Date): boolean {
  return r.state === 'READY' && (!r.validUntil || r.validUntil > now);
}
