import { randomBytes } from 'node:crypto';
import { checkLedger } from '../../../modules/payments/index.js';
import { orderTotals } from '../../../modules/applications/index.js';
import { applicationBody } from '../../applications/requests.js';
import type { DrillStage, DrillPartner } from './stage.js';
import { percentile } from './notifications.js';
import { scanTopic } from './topic-scan.js';
import { DELIVERIES_COLLECTION } from '../../../modules/webhooks/delivery.repository.js';

export const CREATED = 'PROCESSING_REDIRECT_NEEDED';
export const APPROVED = 'READY_TO_SHIP';
export const SHIPPED = 'READY_SHIPPED';
/** a payment notification's label (its type), and the state a payout on sending brings */
export const PAYOUT = 'PAYOUT';
export const PAID = 'READY_PAID';
/** `ops partners create` options of partners paid on sending (Traffic's `paid`) */
export const PAID_ON_SENDING = ['--payout-trigger', 'SENT', '--fee-bps', '250'];

interface Made {
  id: string;
  number: string;
  partner: DrillPartner;
  ship: boolean;
}

/**
 * A partner's traffic: creates, the sandbox decision (APPROVE) right after each, and, once
 * the READY_TO_SHIP notification arrives as a partner would wait for it, the order's
 * dispatch (PUT …/order/send). Each call's notification is expected from the moment it
 * started. A call answered with an error it should not have is a failure; a 422 to a
 * retried call means its first attempt had taken effect (read back in the effects check).
 */
export class Traffic {
  readonly made: Made[] = [];
  private readonly byId = new Map<string, Made>();
  readonly failures: string[] = [];
  private readonly pending = new Set<Promise<void>>();
  requests = 0;

  constructor(
    private readonly stage: DrillStage,
    /** paid: the partners are paid on sending, so each dispatch also owes a payment notification and READY_PAID */
    private readonly opts: { decide: boolean; ship: boolean; paid?: boolean },
  ) {
    stage.ledger.onArrival((a) => {
      const app = a.label === APPROVED ? this.byId.get(a.applicationId) : undefined;
      if (app?.ship && this.opts.ship) void this.track(this.ship(app)); // track() records a failure
    });
  }

  private track(p: Promise<void>): Promise<void> {
    const q = p
      .catch((err) => {
        this.failures.push((err as Error).message);
      })
      .finally(() => this.pending.delete(q));
    this.pending.add(q);
    return q;
  }

  /** One application through create and, if asked, the decision. */
  one(i: number): Promise<void> {
    const partner = this.stage.partners[i % this.stage.partners.length]!;
    return this.track(this.lifecycle(partner));
  }

  private async lifecycle(partner: DrillPartner): Promise<void> {
    const number = `DRILL-${randomBytes(5).toString('hex')}`;
    const body = applicationBody({}, { number, email: `buyer-${randomBytes(3).toString('hex')}@example.com` });
    body.merchantUrls.notificationEndpoint = partner.receiver.url('/hooks/financing');
    const t0 = Date.now();
    this.requests++;
    const res = await this.stage.client.write('POST', '/financing/v1/applications', body, partner.token);
    if (res.status !== 201 && res.status !== 200) throw new Error(`create ${number}: ${res.status} ${res.text.slice(0, 200)}`);
    const id = String(res.body.id);
    const made = { id, number, partner, ship: this.opts.ship };
    this.made.push(made);
    this.byId.set(id, made);
    this.stage.ledger.expect(id, CREATED, t0);
    if (!this.opts.decide) return;
    const t1 = Date.now();
    this.requests++;
    const d = await this.stage.client.write('POST', `/financing/v1/sandbox/applications/${id}/decision`, { outcome: 'APPROVE' }, partner.token);
    if (d.status !== 202 && !(d.retried && d.status === 422)) throw new Error(`decision ${id}: ${d.status} ${d.text.slice(0, 200)}`);
    this.stage.ledger.expect(id, APPROVED, t1);
  }

  private async ship(app: Made): Promise<void> {
    const t = Date.now();
    this.requests++;
    const res = await this.stage.client.write('PUT', `/financing/v1/applications/${app.id}/order/send`, {}, app.partner.token);
    if (res.status !== 200 && !(res.retried && res.status === 422)) throw new Error(`send ${app.id}: ${res.status} ${res.text.slice(0, 200)}`);
    this.stage.ledger.expect(app.id, SHIPPED, t);
    if (this.opts.paid) {
      this.stage.ledger.expect(app.id, PAYOUT, t);
      this.stage.ledger.expect(app.id, PAID, t);
    }
  }

  /**
   * Calls `one` at `rate` per second for `durationMs`, at most `maxInFlight` at once (past
   * that the rate drops to what the service answers). Returns how many started, and the
   * creates per second the service answered.
   */
  async run(rate: number, durationMs: number, maxInFlight: number, tick?: (elapsedMs: number) => void): Promise<{ started: number; achievedPerS: number }> {
    const t0 = Date.now();
    let started = 0;
    for (;;) {
      const elapsed = Date.now() - t0;
      if (elapsed >= durationMs) break;
      tick?.(elapsed);
      this.stage.ledger.poll(); // arrivals start the dispatches
      const due = t0 + (started * 1000) / rate;
      if (due > Date.now()) await sleep(Math.min(due - Date.now(), 50));
      else if (this.pending.size >= maxInFlight) await Promise.race([...this.pending, sleep(50)]);
      else void this.one(started++); // tracked: failures are recorded, pending awaited below
    }
    // what the service took: applications created (answered) during the load window
    return { started, achievedPerS: Math.round((this.made.length * 10_000) / (Date.now() - t0)) / 10 };
  }

  /** No more dispatches on arrivals (before a restore: the partner's calls after it are not the drill's). */
  stopDispatching(): void {
    this.opts.ship = false;
  }

  /** Waits (at most `maxWaitMs`) until every call started so far is answered; returns how many are still open. */
  async settle(maxWaitMs: number): Promise<number> {
    const until = Date.now() + maxWaitMs;
    while (this.pending.size > 0 && Date.now() < until) await Promise.race([...this.pending, sleep(200)]);
    return this.pending.size;
  }

  /**
   * Waits until every call is answered and every expected notification arrived; gives up
   * when `maxWaitMs` passed or nothing arrived for `quietMs` (a backlog still draining is
   * waited for, a loss is not).
   */
  async drain(maxWaitMs: number, quietMs = 20_000): Promise<void> {
    const until = Date.now() + maxWaitMs;
    let seen = -1;
    let lastProgress = Date.now();
    while (Date.now() < until && Date.now() - lastProgress < quietMs) {
      this.stage.ledger.poll();
      if (this.pending.size === 0 && this.stage.ledger.missing().length === 0) return;
      const received = this.stage.ledger.received;
      // a call still being retried is progress too: its answer (and its notification's
      // expectation) must be in before the results are read
      if (received !== seen || this.pending.size > 0) {
        seen = received;
        lastProgress = Date.now();
      }
      await sleep(200);
    }
  }

  /**
   * Effects as stored: one application per order number, each state reached once, and a
   * dispatched order sent exactly once (every item's sent quantity equals its quantity).
   */
  async duplicateEffects(): Promise<string[]> {
    const out: string[] = [];
    const numbers = new Set(this.made.map((m) => m.number));
    const docs = await this.stage.withDb((db) =>
      db
        .collection('applications')
        .find({ partnerId: { $in: this.stage.partners.map((p) => p.id) } }, { projection: { 'order.number': 1, 'order.items': 1, history: 1 } })
        .toArray(),
    );
    const perNumber = new Map<string, number>();
    for (const d of docs) {
      const number = String(d.order?.number);
      if (!numbers.has(number)) continue;
      perNumber.set(number, (perNumber.get(number) ?? 0) + 1);
      for (const reason of [CREATED, APPROVED, SHIPPED]) {
        const times = (d.history ?? []).filter((h: { stateReason: string }) => h.stateReason === reason).length;
        if (times > 1) out.push(`${d._id}: ${reason} ${times} times`);
      }
      const shipped = (d.history ?? []).some((h: { stateReason: string }) => h.stateReason === SHIPPED);
      for (const item of d.order?.items ?? []) {
        if (item.sentMilli !== (shipped ? item.quantityMilli : 0)) out.push(`${d._id}: ${item.code} sent ${item.sentMilli}/${item.quantityMilli}`);
      }
    }
    for (const [number, n] of perNumber) if (n > 1) out.push(`order ${number}: ${n} applications`);
    return out;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export interface DrillResult {
  drill: string;
  requests: number;
  expectedNotifications: number;
  delivered: number;
  lost: number;
  duplicateEffects: number;
  p99Ms: number;
  [extra: string]: unknown;
}

/** Where a missing notification's application stands: still in its outbox, or its deliveries' states. */
async function whereIs(stage: DrillStage, applicationId: string): Promise<string> {
  return stage
    .withDb(async (db) => {
      const doc = await db
        .collection<{ _id: string; outbox?: Record<string, { topic: string; type?: string }> }>('applications')
        .findOne({ _id: applicationId }, { projection: { stateReason: 1, outboxAt: 1, outbox: 1 } });
      // the entries still pending tell a publish that never succeeded from one that was lost after
      const app = doc && { ...doc, outbox: Object.entries(doc.outbox ?? {}).map(([id, e]) => `${id} ${e.topic} ${e.type ?? 'notification'}`) };
      const deliveries = await db
        .collection(DELIVERIES_COLLECTION)
        .find({ key: applicationId }, { projection: { state: 1, attemptCount: 1, payload: 1 } })
        .toArray();
      return JSON.stringify({ app, deliveries: deliveries.map((d) => ({ state: d.state, attempts: d.attemptCount, body: String(d.payload).slice(0, 80) })) });
    })
    .catch((err) => `(not readable: ${(err as Error).message})`);
}

/** The drill's closing figures; `extra` adds its own (rates, phases). */
export async function summarise(
  drill: string,
  traffic: Traffic,
  stage: DrillStage,
  extra: Record<string, unknown>,
  log: (m: string) => void,
): Promise<DrillResult> {
  const ledger = stage.ledger;
  ledger.poll();
  const effects = [...(await traffic.duplicateEffects()), ...ledger.duplicates()];
  for (const e of effects.slice(0, 10)) log(`duplicate effect: ${e}`);
  const missing = ledger.missing();
  for (const m of missing.slice(0, 10)) log(`lost: ${m.applicationId} ${m.label}: ${await whereIs(stage, m.applicationId)}`);
  if (missing.length) {
    const keys = new Set(missing.slice(0, 10).map((m) => m.applicationId));
    for (const logical of ['notifications', 'applications.events']) {
      const found = await scanTopic(stage.config.kafka.brokers, stage.config.kafka.topicPrefix + logical, keys).catch(
        (err) => new Map([['error', [{ partition: -1, offset: '', summary: String(err) }]]]),
      );
      for (const [key, list] of found) for (const f of list) log(`in ${logical}: ${key} p${f.partition}@${f.offset} ${f.summary}`);
    }
    for (const [i, p] of [...stage.apis, ...stage.relays].entries()) log(`process ${i} output (last lines):\n${p.log.slice(-4000)}`);
  }
  for (const f of traffic.failures.slice(0, 10)) log(`failed call: ${f}`);
  // the money at rest, as an operator checks it: no payment line settled twice, totals that follow, nobody paid more than owed
  const check = await stage.withDb((db) => checkLedger(db, orderTotals(db)));
  for (const p of check.problems.slice(0, 10)) log(`ledger check: ${p.code} ${p.detail}`);
  const delivered = ledger.delivered();
  return {
    drill,
    requests: traffic.requests,
    expectedNotifications: ledger.expectedCount,
    delivered,
    lost: ledger.expectedCount - delivered,
    duplicateEffects: effects.length,
    p99Ms: percentile(ledger.latencies(), 99),
    failedCalls: traffic.failures.length,
    paymentLines: check.counted.lines,
    ledgerProblems: check.problems.length,
    ...extra,
  };
}
