import { expect } from 'chai';
import type { ApplicationState, StateReason, Status } from './application.model.js';
import {
  AVAILABILITY,
  checkAvailability,
  transition,
  TransitionRefused,
  type Operation,
  type Trigger,
  type TransitionFacts,
} from './application.state-machine.js';

const S = (state: ApplicationState, stateReason: StateReason): Status => ({ state, stateReason });
const refusedCode = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof TransitionRefused) return e.refusal.code;
    throw e;
  }
  return undefined;
};

describe('application state machine: the spec transition table, one row each', () => {
  const rows: Array<[string, Status | undefined, Trigger, TransitionFacts, Status]> = [
    ['(none) create → PROCESSING / PROCESSING_REDIRECT_NEEDED', undefined, 'CREATE', {}, S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED')],
    [
      'PROCESSING gateway evaluation, approves → READY / READY_TO_SHIP',
      S('PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS'),
      'APPROVE',
      {},
      S('READY', 'READY_TO_SHIP'),
    ],
    [
      'PROCESSING gateway evaluation, rejects → REJECTED / REJECTED',
      S('PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS'),
      'REJECT',
      {},
      S('REJECTED', 'REJECTED'),
    ],
    ['PROCESSING cancel → CANCELLED / CANCELLED_NOT_PAID', S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'), 'CANCEL', {}, S('CANCELLED', 'CANCELLED_NOT_PAID')],
    [
      'READY cancel, nothing sent or delivered → CANCELLED / CANCELLED_NOT_PAID',
      S('READY', 'READY_TO_SHIP'),
      'CANCEL',
      { sentOrDelivered: false },
      S('CANCELLED', 'CANCELLED_NOT_PAID'),
    ],
    ['READY mark sent → READY / READY_SHIPPED', S('READY', 'READY_TO_SHIP'), 'MARK_SENT', {}, S('READY', 'READY_SHIPPED')],
    ['READY mark delivered → READY / READY_DELIVERED', S('READY', 'READY_SHIPPED'), 'MARK_DELIVERED', {}, S('READY', 'READY_DELIVERED')],
    ['READY payment to partner → READY / READY_PAID', S('READY', 'READY_DELIVERED'), 'PAYOUT', {}, S('READY', 'READY_PAID')],
    [
      'READY full return, nothing owed → CANCELLED / CANCELLED_RETURNED',
      S('READY', 'READY_DELIVERED'),
      'RETURN_FULL',
      { nothingOwed: true },
      S('CANCELLED', 'CANCELLED_RETURNED'),
    ],
    ['READY amount-only refund → state unchanged', S('READY', 'READY_DELIVERED'), 'REFUND_AMOUNT', {}, S('READY', 'READY_DELIVERED')],
    ['READY mark items cancelled before sent → stays READY', S('READY', 'READY_TO_SHIP'), 'MARK_CANCELLED', {}, S('READY', 'READY_TO_SHIP')],
  ];
  for (const [name, from, trigger, facts, to] of rows) {
    it(`when ${name}`, () => expect(transition(from, trigger, facts)).to.deep.equal(to));
  }
});

describe('application state machine: the transitions the spec leaves to us', () => {
  const rows: Array<[string, Status | undefined, Trigger, TransitionFacts, Status]> = [
    [
      'the customer confirms at the gateway, then PROCESSING_VALIDATION_IN_PROGRESS',
      S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'),
      'CONFIRM',
      {},
      S('PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS'),
    ],
    [
      'the customer declines at the gateway, then CANCELLED / CANCELLED_NOT_PAID',
      S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'),
      'DECLINE',
      {},
      S('CANCELLED', 'CANCELLED_NOT_PAID'),
    ],
    [
      'the screening passes, then PROCESSING_PREAPPROVED while the final checks run',
      S('PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS'),
      'PREAPPROVE',
      {},
      S('PROCESSING', 'PROCESSING_PREAPPROVED'),
    ],
    [
      'the final checks approve a preapproved application, then READY / READY_TO_SHIP',
      S('PROCESSING', 'PROCESSING_PREAPPROVED'),
      'APPROVE',
      {},
      S('READY', 'READY_TO_SHIP'),
    ],
    ['the final checks reject a preapproved application, then REJECTED', S('PROCESSING', 'PROCESSING_PREAPPROVED'), 'REJECT', {}, S('REJECTED', 'REJECTED')],
    [
      'the partner cancels a preapproved application (not validation in progress), then CANCELLED / CANCELLED_NOT_PAID',
      S('PROCESSING', 'PROCESSING_PREAPPROVED'),
      'CANCEL',
      {},
      S('CANCELLED', 'CANCELLED_NOT_PAID'),
    ],
    [
      'an application is created from a recurrence, then it is being decided',
      undefined,
      'CREATE_FROM_RECURRENCE',
      {},
      S('PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS'),
    ],
    [
      'a PROCESSING application passes APPLICATION_TTL, then CANCELLED / CANCELLED_NOT_PAID',
      S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'),
      'EXPIRE',
      {},
      S('CANCELLED', 'CANCELLED_NOT_PAID'),
    ],
    [
      'the last open item is cancelled and nothing was sent, then CANCELLED / CANCELLED_NOT_PAID',
      S('READY', 'READY_TO_SHIP'),
      'MARK_CANCELLED',
      { lastOpenItemCancelled: true, nothingOwed: true },
      S('CANCELLED', 'CANCELLED_NOT_PAID'),
    ],
    [
      'the last open item is cancelled after every sent piece came back, then CANCELLED / CANCELLED_RETURNED',
      S('READY', 'READY_SHIPPED'),
      'MARK_CANCELLED',
      { lastOpenItemCancelled: true, sentOrDelivered: true, nothingOwed: true },
      S('CANCELLED', 'CANCELLED_RETURNED'),
    ],
    [
      'the last open item is cancelled after a payout and a return of everything sent, then CANCELLED / CANCELLED_RETURNED',
      S('READY', 'READY_PAID'),
      'MARK_CANCELLED',
      { lastOpenItemCancelled: true, sentOrDelivered: true, nothingOwed: true },
      S('CANCELLED', 'CANCELLED_RETURNED'),
    ],
    [
      'everything is returned but an amount kept back is still owed, then it stays READY',
      S('READY', 'READY_PAID'),
      'RETURN_FULL',
      { nothingOwed: false },
      S('READY', 'READY_PAID'),
    ],
    [
      'the last open item is cancelled after everything sent came back but an amount is still owed, then it stays READY',
      S('READY', 'READY_PAID'),
      'MARK_CANCELLED',
      { lastOpenItemCancelled: true, sentOrDelivered: true, nothingOwed: false },
      S('READY', 'READY_PAID'),
    ],
    [
      'a refund clears what a returned order still owed, then CANCELLED / CANCELLED_RETURNED',
      S('READY', 'READY_PAID'),
      'REFUND_AMOUNT',
      { lastOpenItemCancelled: true, sentOrDelivered: true, nothingOwed: true },
      S('CANCELLED', 'CANCELLED_RETURNED'),
    ],
    [
      'a refund leaves part of what a returned order owed, then it stays READY',
      S('READY', 'READY_PAID'),
      'REFUND_AMOUNT',
      { lastOpenItemCancelled: true, sentOrDelivered: true, nothingOwed: false },
      S('READY', 'READY_PAID'),
    ],
    [
      'an item is cancelled while sent goods are still out, then it stays READY',
      S('READY', 'READY_SHIPPED'),
      'MARK_CANCELLED',
      { sentOrDelivered: true },
      S('READY', 'READY_SHIPPED'),
    ],
    [
      'items are delivered after a payout on send, then READY_DELIVERED (the table applied literally, in the order things happen)',
      S('READY', 'READY_PAID'),
      'MARK_DELIVERED',
      {},
      S('READY', 'READY_DELIVERED'),
    ],
    ['more items are sent after a payout, then READY_SHIPPED', S('READY', 'READY_PAID'), 'MARK_SENT', {}, S('READY', 'READY_SHIPPED')],
  ];
  for (const [name, from, trigger, facts, to] of rows) {
    it(`when ${name}`, () => expect(transition(from, trigger, facts)).to.deep.equal(to));
  }
});

describe('application state machine: the spec cancel error codes', () => {
  const rows: Array<[Status, TransitionFacts, string]> = [
    [S('REJECTED', 'REJECTED'), {}, 'APPLICATION_REJECTED'],
    [S('CANCELLED', 'CANCELLED_NOT_PAID'), {}, 'APPLICATION_ALREADY_CANCELLED'],
    [S('PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS'), {}, 'APPLICATION_VALIDATION_IN_PROGRESS'],
    [S('READY', 'READY_PAID'), { sentOrDelivered: true }, 'APPLICATION_PAID'],
    [S('READY', 'READY_SHIPPED'), { sentOrDelivered: true }, 'NOT_SUPPORTED'],
  ];
  for (const [from, facts, code] of rows) {
    it(`when a ${from.state} / ${from.stateReason} application is cancelled, then 422 ${code}`, () => {
      expect(refusedCode(() => transition(from, 'CANCEL', facts))).to.equal(code);
    });
  }
  it('when a decided application is confirmed again at the gateway, then the transition is refused', () => {
    expect(refusedCode(() => transition(S('READY', 'READY_TO_SHIP'), 'CONFIRM'))).to.equal('UNPROCESSABLE');
  });
  it('when a PROCESSING application is approved before the customer confirmed, then the transition is refused', () => {
    expect(refusedCode(() => transition(S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'), 'APPROVE'))).to.equal('UNPROCESSABLE');
    expect(refusedCode(() => transition(S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'), 'PREAPPROVE'))).to.equal('UNPROCESSABLE');
    expect(refusedCode(() => transition(S('PROCESSING', 'PROCESSING_PREAPPROVED'), 'PREAPPROVE'))).to.equal('UNPROCESSABLE');
  });
});

describe('application state machine: the spec availability table, one cell each', () => {
  const table: Array<[Operation, string, string, string, string]> = [
    // operation,           PROCESSING, READY,                REJECTED, CANCELLED
    ['CANCEL_APPLICATION', 'yes', 'yes, only if not sent', 'no', 'no'],
    ['CHANGE_ORDER', 'yes', 'yes, only if not sent', 'no', 'no'],
    ['GET_ORDER', 'yes', 'yes', 'yes', 'yes'],
    ['MARK_SENT', 'no', 'yes', 'no', 'no'],
    ['MARK_DELIVERED', 'no', 'yes', 'no', 'no'],
    ['MARK_RETURNED', 'no', 'yes', 'no', 'no'],
    ['MARK_CANCELLED', 'no', 'yes', 'no', 'no'],
  ];
  const statuses: Status[] = [
    S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'),
    S('READY', 'READY_TO_SHIP'),
    S('REJECTED', 'REJECTED'),
    S('CANCELLED', 'CANCELLED_NOT_PAID'),
  ];
  for (const [op, ...cells] of table) {
    cells.forEach((cell, i) => {
      const status = statuses[i]!;
      it(`when ${op} is asked in ${status.state}, then "${cell}"`, () => {
        if (cell === 'no') {
          expect(checkAvailability(op, status)).to.have.property('code').that.is.a('string');
          return;
        }
        expect(checkAvailability(op, status, { sentOrDelivered: false })).to.equal(undefined);
        if (cell.includes('only if not sent')) {
          expect(checkAvailability(op, status, { sentOrDelivered: true })).to.have.property('code');
        } else {
          expect(checkAvailability(op, status, { sentOrDelivered: true })).to.equal(undefined);
        }
      });
    });
  }
  it('when the table is compared with the code, then every operation and state is covered', () => {
    expect(Object.keys(AVAILABILITY).sort()).to.deep.equal(table.map((r) => r[0]).sort());
  });
  it('when an order of a READY application with sent items is changed, then 422 ORDER_ALREADY_SENT', () => {
    expect(checkAvailability('CHANGE_ORDER', S('READY', 'READY_SHIPPED'), { sentOrDelivered: true })?.code).to.equal('ORDER_ALREADY_SENT');
  });
});

describe("application state machine: the order is frozen while the customer's confirmation is decided", () => {
  for (const reason of ['PROCESSING_VALIDATION_IN_PROGRESS', 'PROCESSING_PREAPPROVED'] as const) {
    it(`when the order of a PROCESSING / ${reason} application is changed, then 422 APPLICATION_VALIDATION_IN_PROGRESS`, () => {
      expect(checkAvailability('CHANGE_ORDER', S('PROCESSING', reason))?.code).to.equal('APPLICATION_VALIDATION_IN_PROGRESS');
    });
  }
  it('when the customer has not confirmed yet, then the order may change', () => {
    expect(checkAvailability('CHANGE_ORDER', S('PROCESSING', 'PROCESSING_REDIRECT_NEEDED'))).to.equal(undefined);
  });
});
