import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { Relay } from '../../relay/create-relay.js';
import { RELAY_TOPICS } from '../../relay/relay.topics.js';
import type { DeliveryPage } from '../../modules/webhooks/webhooks.service.js';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { opPath, paymentsPath, readyApplication, waitForReason } from '../orders/orders-harness.js';
import { Receiver, acknowledge, fail } from '../relay/support/receiver.js';
import { startTestRelay } from '../relay/support/relay.js';
import { topicMessageCount } from '../support/kafka.js';
import type { TestResponse } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';

export const DELIVERIES = '/financing/v1/webhooks/deliveries';
export const appPath = (id: string) => `/financing/v1/applications/${id}`;
export const recurrencePath = (id: string) => `/financing/v1/recurrences/${id}`;

/** Digits only, at most 10 (a variable symbol), unique per call. */
export const variableSymbol = () => String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 8_999_999_999)).slice(0, 10);
export const orderNumber = () => `ORD-${randomBytes(5).toString('hex')}`;

/** A create body with its own order number, variable symbol and notification endpoint. */
export function bodyFor(opts: { number: string; vs: string; endpoint: string; isRecurring?: boolean }) {
  const base = applicationBody({}, { number: opts.number });
  return {
    ...(opts.isRecurring ? { isRecurring: true } : {}),
    order: { ...base.order, variableSymbols: [opts.vs] },
    merchantUrls: { ...base.merchantUrls, notificationEndpoint: opts.endpoint },
  };
}

/** What partner A owns: every kind of object a partner route takes an id of. */
export interface OwnedByA {
  /** READY_TO_SHIP, nothing sent, recurring: every order operation would succeed on it */
  ready: { id: string; recurrenceId: string };
  /** delivered and paid out: return and payments apply */
  paid: { id: string; number: string; vs: string };
  /** a delivery of A's that failed every attempt (its endpoint is down) */
  deadLettered: string;
  /** a delivery of A's that was acknowledged */
  delivered: string;
  /** A's settlement of the paid-out application (closed in the sandbox) */
  settlement: string;
}

export interface TenancyWorld {
  h: AppHarness;
  a: TestPartner;
  b: TestPartner;
  owned: OwnedByA;
  receiver: Receiver;
  relay: Relay;
  /** a request as partner B */
  asB(method: string, path: string, body?: unknown): Promise<TestResponse>;
  stop(): Promise<void>;
}

/**
 * The real API in-process, the relay in-process and a webhook receiver; partner A with
 * an approved recurring application whose endpoint is down (its deliveries dead-letter
 * fast: WEBHOOK_RETRY_DELAYS=100ms,100ms) and a delivered, paid-out application whose
 * endpoint acknowledges; partner B with nothing yet.
 */
export async function startTenancyWorld(): Promise<TenancyWorld> {
  const h = await startHarness({ WEBHOOK_RETRY_DELAYS: '100ms,100ms' });
  const receiver = await new Receiver(acknowledge).start();
  const relay = await startTestRelay(h.t.config);
  const a = h.partner;
  const b = await provisionPartner(h.t);

  const ready = await readyApplication(
    h,
    a,
    bodyFor({ number: orderNumber(), vs: variableSymbol(), endpoint: receiver.url('/a-down', fail), isRecurring: true }),
  );
  const paidNumber = orderNumber();
  const paidVs = variableSymbol();
  const paid = await readyApplication(h, a, bodyFor({ number: paidNumber, vs: paidVs, endpoint: receiver.url('/a-up') }));
  const delivered = await h.t.client.put(opPath(paid.id, 'deliver'), {}, { token: a.token });
  expect(delivered.status, delivered.text).to.equal(200);
  await waitForReason(h, paid.id, a, 'READY_PAID');
  const closed = await h.t.client.post('/financing/v1/sandbox/settlements/close', {}, { token: a.token });
  expect(closed.status, closed.text).to.equal(201);
  const ofA = await settledDeliveries(h, a);
  expect(
    ofA.some((d) => d.state === 'DEAD_LETTERED'),
    'a dead-lettered delivery of A',
  ).to.equal(true);

  const client = h.t.client;
  return {
    h,
    a,
    b,
    receiver,
    relay,
    owned: {
      ready: { id: ready.id, recurrenceId: ready.recurrence.id },
      paid: { id: paid.id, number: paidNumber, vs: paidVs },
      deadLettered: ofA.find((d) => d.state === 'DEAD_LETTERED')!.deliveryId,
      delivered: ofA.find((d) => d.state === 'DELIVERED')!.deliveryId,
      settlement: closed.body.id,
    },
    asB: (method, path, body) => client.request(method, path, { token: b.token, body }),
    stop: async () => {
      await relay.stop();
      await receiver.stop();
      await h.stop();
    },
  };
}

/**
 * Waits until every notification the partner's applications produced has a delivery in
 * a final state (DELIVERED, or DEAD_LETTERED after its retries), so its data stands still.
 */
export async function settledDeliveries(h: AppHarness, p: TestPartner) {
  return waitFor(
    `every notification of ${p.username} delivered or dead-lettered`,
    async () => {
      const notified = h.notifications.json<NotificationRequest>().filter((n) => n.partnerId === p.id).length;
      const res = await h.t.client.get<DeliveryPage>(`${DELIVERIES}?limit=100`, { token: p.token });
      const list = res.body.data;
      const final = list.every((d) => d.state === 'DELIVERED' || d.state === 'DEAD_LETTERED');
      return notified > 0 && list.length === notified && final && list;
    },
    { maxWait: 30_000 },
  );
}

/**
 * Everything of A that B's requests could change, read back as A (and the raw versions
 * from the store, which move with any write even when a response would not show it),
 * plus the number of redelivery requests ever published.
 */
export async function snapshotOfA(w: TenancyWorld) {
  const { h, a, owned } = w;
  const read = async (path: string) => {
    const res = await h.t.client.get(path, { token: a.token });
    expect(res.status, `${path} as A: ${res.text}`).to.equal(200);
    return res.body;
  };
  const db = h.t.api.runtime.db;
  const versions = await db
    .collection<{ _id: string; version: number }>('applications')
    .find({ partnerId: a.id }, { projection: { version: 1 } })
    .sort({ _id: 1 })
    .toArray();
  const ledger = await db.collection<{ _id: string; version: number }>('payment_ledgers').findOne({ _id: owned.paid.id }, { projection: { version: 1 } });
  return {
    ready: await read(appPath(owned.ready.id)),
    paid: await read(appPath(owned.paid.id)),
    payments: await read(paymentsPath(owned.paid.id)),
    recurrence: await read(recurrencePath(owned.ready.recurrenceId)),
    deliveries: await read(`${DELIVERIES}?limit=100`),
    versions,
    ledgerVersion: ledger?.version,
    redeliveryRequests: await topicMessageCount(h.t.api.runtime.kafka, h.t.api.runtime.topics.name(RELAY_TOPICS.redeliveries)),
  };
}
