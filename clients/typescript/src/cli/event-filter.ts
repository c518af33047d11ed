import type { Application, Payment } from '../models.js';

/** What `--events` can name: every kind, every application state and notified stateReason, both payment types. */
export const KINDS = ['application', 'payment', 'settlement'] as const;
export const STATES = ['PROCESSING', 'READY', 'REJECTED', 'CANCELLED'] as const satisfies readonly Application['state'][];
export const STATE_REASONS = [
  'PROCESSING_REDIRECT_NEEDED',
  'PROCESSING_PREAPPROVED',
  'PROCESSING_VALIDATION_IN_PROGRESS',
  'REJECTED',
  'CANCELLED_NOT_PAID',
  'READY_TO_SHIP',
  'READY_SHIPPED',
  'READY_DELIVERED',
  'READY_PAID',
  'CANCELLED_RETURNED',
] as const satisfies readonly Application['stateReason'][];
/**
 * The stateReasons the service notifies (and so the feed holds): the others are steps of a
 * decision the shop never hears of, and a filter naming them would forward nothing.
 */
export const NOTIFIED_STATE_REASONS = [
  'PROCESSING_REDIRECT_NEEDED',
  'REJECTED',
  'CANCELLED_NOT_PAID',
  'CANCELLED_RETURNED',
  'READY_TO_SHIP',
  'READY_SHIPPED',
  'READY_DELIVERED',
  'READY_PAID',
] as const satisfies readonly (typeof STATE_REASONS)[number][];
export const PAYMENT_TYPES = ['PAYOUT', 'CREDIT_NOTE'] as const satisfies readonly Payment['type'][];

// The compiler keeps the lists whole: a value that the generated types gain and these lists
// lack turns its `Covers` into `false`, and this line stops compiling.
type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
export const LISTS_COMPLETE: [
  Covers<Application['state'], (typeof STATES)[number]>,
  Covers<Application['stateReason'], (typeof STATE_REASONS)[number]>,
  Covers<Payment['type'], (typeof PAYMENT_TYPES)[number]>,
] = [true, true, true];

const KNOWN = new Set<string>([...KINDS, ...STATES, ...NOTIFIED_STATE_REASONS, ...PAYMENT_TYPES]);
const NEVER_NOTIFIED = new Set<string>(STATE_REASONS.filter((r) => !(NOTIFIED_STATE_REASONS as readonly string[]).includes(r)));

/** The names of one feed event that `--events` may match. */
export interface EventNames {
  type: string;
  data: Record<string, unknown>;
}

/**
 * `--events READY_TO_SHIP,payment`: an event passes when any name matches its kind, its
 * application state or stateReason, or its payment type. Unknown names are an error that
 * lists the known ones (a typo must not silently forward nothing).
 */
export function parseEventFilter(list: string): Set<string> {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new TypeError('--events names nothing');
  const silent = names.filter((n) => NEVER_NOTIFIED.has(n));
  if (silent.length) {
    throw new TypeError(
      `--events: ${silent.map((n) => `${n} is never notified`).join(', ')} (a step inside the decision); notified: ${NOTIFIED_STATE_REASONS.join(', ')}`,
    );
  }
  const unknown = names.filter((n) => !KNOWN.has(n));
  if (unknown.length) {
    throw new TypeError(`--events: unknown ${unknown.join(', ')}; known: ${[...KNOWN].join(', ')}`);
  }
  return new Set(names);
}

export function matches(filter: Set<string> | undefined, event: EventNames): boolean {
  if (!filter) return true;
  const { data } = event;
  const names = event.type === 'payment' ? [event.type, data.type] : event.type === 'application' ? [event.type, data.state, data.stateReason] : [event.type];
  return names.some((n) => typeof n === 'string' && filter.has(n));
}

/** ` 1234.50 CZK` of an amount in minor units, or nothing. */
function money(value: unknown): string {
  const v = value as { amount?: unknown; currency?: unknown } | undefined;
  return typeof v?.amount === 'number' ? ` ${(v.amount / 100).toFixed(2)} ${String(v.currency ?? '')}`.trimEnd() : '';
}

/**
 * One line's description of an event: `application READY / READY_TO_SHIP`, `payment PAYOUT
 * 1234.50 CZK` or `settlement 0000000012 transfer 9876.50 CZK` (its reference is the bank
 * transfer's variable symbol).
 */
export function describeEvent(event: EventNames): string {
  const { data } = event;
  if (event.type === 'payment') return `payment ${String(data.type)}${money(data.value)}`;
  if (event.type === 'settlement') return `settlement ${String(data.reference)} transfer${money(data.transfer)}`;
  return `application ${String(data.state)} / ${String(data.stateReason)}`;
}
