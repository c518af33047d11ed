import {
  FinancingApiError,
  must,
  type AccountPayment,
  type FeedEvent,
  type FinancingApi,
  type Notification,
  type Payment,
  type Settlement,
} from '@partner-financing/client';
import { label, type WebhookInbox } from './webhook-inbox.js';
import { kettleOrder } from './order.js';

/** One line of the story on stdout; `detail` lines are indented under their step. */
export type Say = (line: string) => void;

const money = (m: { amount: number; currency: string }) => `${(m.amount / 100).toFixed(2)} ${m.currency}`;

/**
 * The life of one order, as a shop lives it: each step is a call of the client followed
 * by the webhook that confirms it (the shop moves on when the service says so, never on
 * a timer). Any failure throws, naming the step.
 */
export async function runStory(api: FinancingApi, inbox: WebhookInbox, endpoint: string, say: Say): Promise<void> {
  const orderNumber = `EX-${Date.now().toString(36).toUpperCase()}`;
  const created = await must(api.POST('/financing/v1/applications', { body: kettleOrder(orderNumber, endpoint) }));
  const id = created.id;
  const appHook = (reason: string) => (n: Notification) => n.type === 'application' && n.data.id === id && n.data.stateReason === reason;
  const payHook = (type: string) => (n: Notification) => n.type === 'payment' && n.data.applicationId === id && n.data.type === type;

  say(`1. application created for order ${orderNumber} (${money(created.order.totalPrice)}): ${id}, ${created.state} / ${created.stateReason}`);
  await inbox.waitFor('PROCESSING_REDIRECT_NEEDED', appHook('PROCESSING_REDIRECT_NEEDED'));
  say('   webhook verified: PROCESSING_REDIRECT_NEEDED (the customer would now go to the gateway)');

  await api.POST('/financing/v1/sandbox/applications/{applicationId}/decision', { params: { path: { applicationId: id } }, body: { outcome: 'APPROVE' } });
  await inbox.waitFor('READY_TO_SHIP', appHook('READY_TO_SHIP'));
  say('2. approved in the sandbox; webhook verified: READY_TO_SHIP');

  const path = { params: { path: { applicationId: id } } };
  await api.PUT('/financing/v1/applications/{applicationId}/order/send', {
    ...path,
    body: { deliveryTrackingNumber: 'PPL-123456', deliveryCarrier: { carrierId: 'PPL' } },
  });
  await inbox.waitFor('READY_SHIPPED', appHook('READY_SHIPPED'));
  say('3. sent everything; webhook verified: READY_SHIPPED');

  await api.PUT('/financing/v1/applications/{applicationId}/order/deliver', { ...path, body: {} });
  await inbox.waitFor('READY_DELIVERED', appHook('READY_DELIVERED'));
  const payout = await inbox.waitFor('PAYOUT', payHook('PAYOUT'));
  say(`4. delivered; webhooks verified: READY_DELIVERED, payout of ${money((payout.data as Payment).value)}`);

  const afterReturn = await must(
    api.PUT('/financing/v1/applications/{applicationId}/order/return', { ...path, body: { items: [{ code: 'KTL-1', quantity: 1 }] } }),
  );
  const creditNote = await inbox.waitFor('CREDIT_NOTE', payHook('CREDIT_NOTE'));
  say(
    `5. one kettle came back: order total now ${money(afterReturn.totalPrice)}; webhook verified: credit note of ${money((creditNote.data as Payment).value)}`,
  );

  const payments = await listPayments(api, id);
  const balance = payments.reduce((sum, p) => sum + p.value.amount, 0);
  if (!payments.some((p) => p.type === 'PAYOUT') || !payments.some((p) => p.type === 'CREDIT_NOTE')) {
    throw new Error(`the payments list lacks the payout or the credit note: ${payments.map((p) => p.type).join(', ')}`);
  }
  say(`6. payments: ${payments.map((p) => `${p.type} ${money(p.value)}`).join(', ')}; balance ${money({ amount: balance, currency: 'CZK' })}`);

  const feed = await catchUpFromFeed(api, inbox, id);
  say(
    `7. event feed: ${feed.events} events for the application, ${feed.fresh} not seen by webhook (${inbox.handled
      .filter((n) => relatesTo(n, id))
      .map(label)
      .join(' → ')})`,
  );

  await settle(api, inbox, [payout.data as Payment, creditNote.data as Payment], say);
}

/**
 * What the shop's accountant does with a bank transfer: close the day (in the sandbox, now;
 * in production the 18:00 cut-off does it), read the settlement and its report, and check
 * that every payment the shop was told of by webhook is in it and that its lines add up to
 * the transfer.
 */
async function settle(api: FinancingApi, inbox: WebhookInbox, received: Payment[], say: Say): Promise<void> {
  const settlement = await closeNow(api, received[0]!.paymentId);
  say(
    `8. settlement ${settlement.reference} (value date ${settlement.valueDate}): ${settlement.lineCount} lines; gross ${money(settlement.gross)}, refunds ${money(settlement.refunds)}, fees ${money(settlement.fees)}, ` +
      `carried in ${money(settlement.carriedIn)}; net ${money(settlement.net)}, transfer ${money(settlement.transfer)}${settlement.bankAccount ? ` to ${settlement.bankAccount}` : ''}`,
  );

  const lines: AccountPayment[] = [];
  let after: string | undefined;
  do {
    const page = await must(
      api.GET('/financing/v1/settlements/{settlementId}', {
        params: { path: { settlementId: settlement.id }, query: { limit: 100, ...(after ? { after } : {}) } },
      }),
    );
    lines.push(...page.lines);
    after = page.lines.length === 100 ? page.lines.at(-1)!.paymentId : undefined;
  } while (after);
  const inSettlement = new Set(lines.map((l) => l.paymentId));
  const missing = received.filter((p) => !inSettlement.has(p.paymentId));
  if (missing.length) throw new Error(`payments received by webhook are not in the settlement: ${missing.map((p) => p.paymentId).join(', ')}`);
  const net = lines.reduce((sum, l) => sum + l.value.amount, 0);
  if (net !== settlement.linesNet.amount || net + settlement.carriedIn.amount !== settlement.net.amount) {
    throw new Error(`the settlement's lines add up to ${net}, it says ${settlement.linesNet.amount} (net ${settlement.net.amount})`);
  }
  const report = await api.GET('/financing/v1/settlements/{settlementId}/report.csv', { params: { path: { settlementId: settlement.id } }, parseAs: 'text' });
  const csv = String(report.data ?? '');
  say('   report.csv:');
  for (const row of csv.trimEnd().split('\r\n')) say(`     ${row}`);
  const transferRow = csv
    .split('\r\n')
    .find((r) => r.split(',')[1] === 'TRANSFER')
    ?.split(',');
  const transfer = transferRow ? Math.round(Number(transferRow[12]) * 100) : NaN;
  if (transfer !== settlement.transfer.amount)
    throw new Error(`the report's TRANSFER row says ${transferRow?.[12]}, the settlement ${settlement.transfer.amount}`);
  const notified = await inbox.waitFor('the settlement', (n) => n.type === 'settlement' && n.data.id === settlement.id).catch(() => undefined);
  say(
    `9. reconciled: the ${received.length} payments received by webhook are lines of settlement ${settlement.reference}, its ${lines.length} lines add up to ${money(settlement.linesNet)}, ` +
      `the report's TRANSFER row is ${money(settlement.transfer)}${notified ? '; settlement webhook verified' : ''}`,
  );
}

/** The sandbox's close; when the daily cut-off took the payments first, the settlement that has them. */
async function closeNow(api: FinancingApi, paymentId: string): Promise<Settlement> {
  try {
    return await must(api.POST('/financing/v1/sandbox/settlements/close', {}));
  } catch (err) {
    if (!(err instanceof FinancingApiError) || err.errors[0]?.code !== 'NOTHING_TO_SETTLE') throw err;
  }
  const page = await must(api.GET('/financing/v1/payments', { params: { query: { limit: 100 } } }));
  const id = page.data.find((p) => p.paymentId === paymentId)?.settlementId;
  if (!id) throw new Error('nothing to settle, and the payout is in no settlement');
  return (await must(api.GET('/financing/v1/settlements/{settlementId}', { params: { path: { settlementId: id } } }))).settlement;
}

async function listPayments(api: FinancingApi, applicationId: string): Promise<Payment[]> {
  const out: Payment[] = [];
  let after: string | undefined;
  do {
    const page = await must(
      api.GET('/financing/v1/applications/{applicationId}/payments', {
        params: { path: { applicationId }, query: { limit: 100, ...(after ? { after } : {}) } },
      }),
    );
    out.push(...page.data);
    // a page shorter than limit is the last (nextPage comes only after a cursor)
    after = page.data.length === 100 ? page.data.at(-1)!.paymentId : undefined;
  } while (after);
  return out;
}

/**
 * Reads the application's events from the start of the feed, handling through the same
 * seen-store any the webhooks did not bring. The feed is written beside the webhooks, so
 * it may lag them by moments: it is read again until it holds every webhook the shop got.
 */
async function catchUpFromFeed(api: FinancingApi, inbox: WebhookInbox, applicationId: string, timeoutMs = 15_000) {
  const want = new Set(inbox.handled.filter((n) => relatesTo(n, applicationId)).map((n) => n.webhookId));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events: FeedEvent[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await must(api.GET('/financing/v1/events', { params: { query: { applicationId, limit: 100, ...(after ? { after } : {}) } } }));
      events.push(...page.data);
      if (page.data.length < 100) break; // a short page is the end (nextPage comes only after a cursor)
      after = page.data.at(-1)!.id;
    }
    const ids = new Set(events.map((e) => e.id));
    if ([...want].every((w) => ids.has(w))) {
      let fresh = 0;
      for (const e of events) if (await inbox.catchUp(fromFeed(e))) fresh += 1;
      return { events: events.length, fresh };
    }
    if (Date.now() > deadline) throw new Error(`the event feed lacks webhooks the shop received: ${[...want].filter((w) => !ids.has(w)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function fromFeed(e: FeedEvent): Notification {
  if (e.type === 'payment') return { type: 'payment', webhookId: e.id, data: e.data as unknown as Payment };
  if (e.type === 'settlement') return { type: 'settlement', webhookId: e.id, data: e.data as unknown as Settlement };
  return { type: 'application', webhookId: e.id, data: e.data as unknown as Extract<Notification, { type: 'application' }>['data'] };
}

function relatesTo(n: Notification, applicationId: string): boolean {
  if (n.type === 'settlement' || n.type === 'test') return false;
  return n.type === 'payment' ? n.data.applicationId === applicationId : n.data.id === applicationId;
}
