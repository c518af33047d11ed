import type { ApplicationState, StateReason, Status } from './application.model.js';

/**
 * The application state machine as data (spec: "Transition table" and "Availability of
 * operations by application state", and the decisions in docs/decisions.md). Pure: no I/O, no clock.
 * Every service that changes an application's state goes through `transition`; every
 * operation first asks `checkAvailability`.
 */

export type Trigger =
  | 'CREATE'
  | 'CREATE_FROM_RECURRENCE'
  | 'CONFIRM'
  | 'DECLINE'
  | 'PREAPPROVE'
  | 'APPROVE'
  | 'REJECT'
  | 'CANCEL'
  | 'EXPIRE'
  | 'MARK_SENT'
  | 'MARK_DELIVERED'
  | 'PAYOUT'
  | 'RETURN_FULL'
  | 'RETURN_PARTIAL'
  | 'REFUND_AMOUNT'
  | 'MARK_CANCELLED';

/** Facts about the order that some rows depend on. */
export interface TransitionFacts {
  /** any item marked sent or delivered */
  sentOrDelivered?: boolean;
  /** the last item still open is being cancelled (or nothing of the order is open) */
  lastOpenItemCancelled?: boolean;
  /** the order total is 0 after the operation: the customer owes nothing */
  nothingOwed?: boolean;
}

/** A refused transition or operation: an error code of the spec's tables and a message. */
export interface Refusal {
  code: string;
  message: string;
}

export class TransitionRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

type From = { state: ApplicationState; reasons?: StateReason[] } | 'NONE';

interface Row {
  from: From;
  trigger: Trigger;
  when?: (f: TransitionFacts) => boolean;
  /** a fixed next status, or `KEEP` (state unchanged) */
  next: Status | 'KEEP';
  /** where the row comes from (the spec, or the service's own decision), for readers of the table */
  source: string;
}

const P = (reason: StateReason): Status => ({ state: 'PROCESSING', stateReason: reason });
const WAITING: StateReason[] = ['PROCESSING_REDIRECT_NEEDED', 'PROCESSING_PREAPPROVED'];
const DECIDING: StateReason[] = ['PROCESSING_VALIDATION_IN_PROGRESS', 'PROCESSING_PREAPPROVED'];

export const TRANSITIONS: readonly Row[] = [
  { from: 'NONE', trigger: 'CREATE', next: P('PROCESSING_REDIRECT_NEEDED'), source: 'spec: create application' },
  {
    from: 'NONE',
    trigger: 'CREATE_FROM_RECURRENCE',
    next: P('PROCESSING_VALIDATION_IN_PROGRESS'),
    source: 'decision: a recurrence purchase is decided at once, no gateway',
  },
  {
    from: { state: 'PROCESSING', reasons: ['PROCESSING_REDIRECT_NEEDED'] },
    trigger: 'CONFIRM',
    next: P('PROCESSING_VALIDATION_IN_PROGRESS'),
    source: 'customer confirms at the gateway',
  },
  {
    from: { state: 'PROCESSING', reasons: ['PROCESSING_REDIRECT_NEEDED'] },
    trigger: 'DECLINE',
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' },
    source: 'spec: cancelled by the client (customer declines at the gateway)',
  },
  {
    from: { state: 'PROCESSING', reasons: ['PROCESSING_VALIDATION_IN_PROGRESS'] },
    trigger: 'PREAPPROVE',
    next: P('PROCESSING_PREAPPROVED'),
    source: 'decision: screening passed, final checks running',
  },
  {
    from: { state: 'PROCESSING', reasons: DECIDING },
    trigger: 'APPROVE',
    next: { state: 'READY', stateReason: 'READY_TO_SHIP' },
    source: 'spec: gateway evaluation, service approves',
  },
  {
    from: { state: 'PROCESSING', reasons: DECIDING },
    trigger: 'REJECT',
    next: { state: 'REJECTED', stateReason: 'REJECTED' },
    source: 'spec: gateway evaluation, service rejects',
  },
  {
    from: { state: 'PROCESSING', reasons: WAITING },
    trigger: 'CANCEL',
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' },
    source: 'spec: PROCESSING, cancel application',
  },
  {
    from: { state: 'READY' },
    trigger: 'CANCEL',
    when: (f) => !f.sentOrDelivered,
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' },
    source: 'spec: READY, cancel, no item sent or delivered',
  },
  {
    from: { state: 'PROCESSING' },
    trigger: 'EXPIRE',
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' },
    source: 'decision: left in PROCESSING past APPLICATION_TTL',
  },
  // Applied literally, in the order things happen: each sets its own reason, so a delivery
  // after a payout on send is READY_DELIVERED and notified (the payout stays in the payments list)
  { from: { state: 'READY' }, trigger: 'MARK_SENT', next: { state: 'READY', stateReason: 'READY_SHIPPED' }, source: 'spec: READY, mark order items as sent' },
  {
    from: { state: 'READY' },
    trigger: 'MARK_DELIVERED',
    next: { state: 'READY', stateReason: 'READY_DELIVERED' },
    source: 'spec: READY, mark order items as delivered',
  },
  { from: { state: 'READY' }, trigger: 'PAYOUT', next: { state: 'READY', stateReason: 'READY_PAID' }, source: 'spec: READY, payment to partner' },
  // an order with nothing left closes the sale only when nothing is owed: an amount kept back
  // on a return stays owed (and paid out) with the application READY until a refund clears it
  {
    from: { state: 'READY' },
    trigger: 'RETURN_FULL',
    when: (f) => Boolean(f.nothingOwed),
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' },
    source: 'spec: READY, return with items omitted (decision: only when nothing is owed)',
  },
  { from: { state: 'READY' }, trigger: 'RETURN_FULL', next: 'KEEP', source: 'decision: everything returned, an amount still owed' },
  { from: { state: 'READY' }, trigger: 'RETURN_PARTIAL', next: 'KEEP', source: 'spec: return rules, items filled' },
  {
    from: { state: 'READY' },
    trigger: 'REFUND_AMOUNT',
    when: (f) => Boolean(f.lastOpenItemCancelled && f.nothingOwed),
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' },
    source: 'decision: a refund clears what a returned order still owed',
  },
  { from: { state: 'READY' }, trigger: 'REFUND_AMOUNT', next: 'KEEP', source: 'spec: READY, return with items: [] and totalPrice' },
  {
    from: { state: 'READY' },
    trigger: 'MARK_CANCELLED',
    when: (f) => Boolean(f.lastOpenItemCancelled && f.nothingOwed && !f.sentOrDelivered),
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' },
    source: 'decision: last open item cancelled, nothing sent',
  },
  // nothing open after goods went out means every sent piece came back: the sale is undone
  // exactly as by a full return (when nothing is owed), and the partner must hear that it is closed
  {
    from: { state: 'READY' },
    trigger: 'MARK_CANCELLED',
    when: (f) => Boolean(f.lastOpenItemCancelled && f.nothingOwed && f.sentOrDelivered),
    next: { state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' },
    source: 'decision: last open item cancelled after every sent piece was returned',
  },
  { from: { state: 'READY' }, trigger: 'MARK_CANCELLED', next: 'KEEP', source: 'spec: READY, mark order items as cancelled' },
];

function matches(from: From, current: Status | undefined): boolean {
  if (from === 'NONE') return current === undefined;
  if (!current || current.state !== from.state) return false;
  return !from.reasons || from.reasons.includes(current.stateReason);
}

/**
 * The status after `trigger`; throws TransitionRefused with the spec's error code when the
 * table has no row for it.
 */
export function transition(current: Status | undefined, trigger: Trigger, facts: TransitionFacts = {}): Status {
  const row = TRANSITIONS.find((r) => r.trigger === trigger && matches(r.from, current) && (!r.when || r.when(facts)));
  if (!row) throw new TransitionRefused(refusalFor(trigger, current, facts));
  if (row.next === 'KEEP') return { ...current! };
  return { ...row.next };
}

/** Whether the status changed (then the spec's Events table wants a notification). */
export function statusChanged(a: Status | undefined, b: Status): boolean {
  return !a || a.state !== b.state || a.stateReason !== b.stateReason;
}

function refusalFor(trigger: Trigger, current: Status | undefined, facts: TransitionFacts): Refusal {
  if (trigger === 'CANCEL' && current) {
    return cancelRefusal(current, facts) ?? { code: 'UNPROCESSABLE', message: 'The application cannot be cancelled now.' };
  }
  const op = OPERATION_OF[trigger];
  const refused = op && current ? checkAvailability(op, current, facts) : undefined;
  return (
    refused ?? {
      code: 'UNPROCESSABLE',
      message: `The application is ${current ? `${current.state} (${current.stateReason})` : 'new'}; ${trigger.toLowerCase().replace(/_/g, ' ')} is not possible.`,
    }
  );
}

// ---- availability of operations (spec: "Availability of operations by application state") ----

export type Operation = 'CANCEL_APPLICATION' | 'CHANGE_ORDER' | 'GET_ORDER' | 'MARK_SENT' | 'MARK_DELIVERED' | 'MARK_RETURNED' | 'MARK_CANCELLED';

type Availability = 'yes' | 'no' | 'if-nothing-sent';

export const AVAILABILITY: Readonly<Record<Operation, Record<ApplicationState, Availability>>> = {
  CANCEL_APPLICATION: { PROCESSING: 'yes', READY: 'if-nothing-sent', REJECTED: 'no', CANCELLED: 'no' },
  CHANGE_ORDER: { PROCESSING: 'yes', READY: 'if-nothing-sent', REJECTED: 'no', CANCELLED: 'no' },
  GET_ORDER: { PROCESSING: 'yes', READY: 'yes', REJECTED: 'yes', CANCELLED: 'yes' },
  MARK_SENT: { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
  MARK_DELIVERED: { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
  MARK_RETURNED: { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
  MARK_CANCELLED: { PROCESSING: 'no', READY: 'yes', REJECTED: 'no', CANCELLED: 'no' },
};

const OPERATION_OF: Partial<Record<Trigger, Operation>> = {
  CANCEL: 'CANCEL_APPLICATION',
  MARK_SENT: 'MARK_SENT',
  MARK_DELIVERED: 'MARK_DELIVERED',
  RETURN_FULL: 'MARK_RETURNED',
  RETURN_PARTIAL: 'MARK_RETURNED',
  REFUND_AMOUNT: 'MARK_RETURNED',
  MARK_CANCELLED: 'MARK_CANCELLED',
};

/** The spec's cancel errors: APPLICATION_REJECTED, _ALREADY_CANCELLED, _VALIDATION_IN_PROGRESS, _PAID, NOT_SUPPORTED. */
function cancelRefusal(s: Status, facts: TransitionFacts): Refusal | undefined {
  if (s.state === 'REJECTED') return { code: 'APPLICATION_REJECTED', message: 'The application was rejected; there is nothing to cancel.' };
  if (s.state === 'CANCELLED') return { code: 'APPLICATION_ALREADY_CANCELLED', message: 'The application is already cancelled.' };
  if (s.state === 'PROCESSING' && !WAITING.includes(s.stateReason)) {
    return {
      code: 'APPLICATION_VALIDATION_IN_PROGRESS',
      message: 'The customer confirmed the purchase and the decision is running; try again when it is decided.',
    };
  }
  if (s.stateReason === 'READY_PAID')
    return { code: 'APPLICATION_PAID', message: 'The partner has already been paid for this application; return the items instead.' };
  if (s.state === 'READY' && facts.sentOrDelivered) {
    return { code: 'NOT_SUPPORTED', message: 'Items of the order were already sent or delivered; use the order return operation instead.' };
  }
  return undefined;
}

/**
 * Whether `op` is allowed for an application in `status`; the refusal (spec code) when not.
 * `facts.sentOrDelivered` decides the "only if not sent or delivered" cells.
 */
export function checkAvailability(op: Operation, status: Status, facts: TransitionFacts = {}): Refusal | undefined {
  if (op === 'CANCEL_APPLICATION') return cancelRefusal(status, facts);
  // from the customer's confirmation to the decision the order is the one being decided on:
  // a change now would be approved without the customer having seen it, or above the limits
  // the decision checks
  if (op === 'CHANGE_ORDER' && status.state === 'PROCESSING' && status.stateReason !== 'PROCESSING_REDIRECT_NEEDED') {
    return {
      code: 'APPLICATION_VALIDATION_IN_PROGRESS',
      message: 'The customer confirmed this order and the decision is running; the order cannot change until it is decided.',
    };
  }
  const cell = AVAILABILITY[op][status.state];
  if (cell === 'yes') return undefined;
  if (cell === 'if-nothing-sent') {
    if (!facts.sentOrDelivered) return undefined;
    return { code: 'ORDER_ALREADY_SENT', message: 'Items of the order were already sent or delivered; the order can no longer be changed.' };
  }
  const what = op.toLowerCase().replace(/_/g, ' ');
  switch (status.state) {
    case 'PROCESSING':
      return { code: 'APPLICATION_NOT_READY', message: `The application is not approved yet; ${what} needs state READY.` };
    case 'REJECTED':
      return { code: 'APPLICATION_REJECTED', message: `The application was rejected; ${what} is not possible.` };
    default:
      return { code: 'APPLICATION_ALREADY_CANCELLED', message: `The application is cancelled; ${what} is not possible.` };
  }
}
