import { randomUUID } from 'node:crypto';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import type { TestResponse } from '../support/http.js';
import type { TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { orderPath, opPath, paymentsPath } from '../orders/orders-harness.js';
import { apply, newModel, orderTotal, settle, type Action, type Model } from './oracle.js';
import { countAnswer, customer, ledgerCaughtUp, SETTLE_WAIT, type ModelEnv } from './env.js';
import { applicationDiff, dedupe, interleavings, paymentsDiff, responseDiff } from './observe.js';
import { checkPartnerSettlements, closeBurst } from './settlements.js';
import { changedLines, orderBody, resolveOp, type ChangeIntent, type OpIntent, type Scenario } from './scenario.js';

const DECIDING = ['PROCESSING_VALIDATION_IN_PROGRESS', 'PROCESSING_PREAPPROVED'];

const count = (kind: string, res: TestResponse) => countAnswer(kind, res.status, res.body?.errors?.[0]?.code);

/**
 * Runs a scenario against the real service over HTTPS and checks every answer and state
 * against the oracle. Where the service may legitimately do things in more than one order
 * (concurrent calls, a change racing the decision, READY_PAID after a payout) the run keeps
 * every model that explains what was seen so far ("candidates") and fails when none does.
 */
export class ModelRun {
  cands: Model[] = [];
  readonly log: string[] = [];
  id = '';
  private gatewayUrl = '';
  private partner!: TestPartner;

  constructor(
    private readonly env: ModelEnv,
    private readonly sc: Scenario,
  ) {}

  get m(): Model {
    return this.cands[0]!;
  }
  private get h() {
    return this.env.h;
  }

  fail(why: string): never {
    throw new Error(`${why}\n  application ${this.id}\n  steps:\n    ${this.log.join('\n    ')}`);
  }

  /** Keeps the candidates `check` accepts; none left: the service disagrees with the oracle. */
  narrow(check: (m: Model) => string | undefined, what: string, cands = this.cands): void {
    const kept = cands.filter((m) => check(m) === undefined);
    if (kept.length === 0) this.fail(`${what}: ${check(cands[0]!)}`);
    this.cands = dedupe(kept);
  }

  /**
   * A partner's call: a 503 (the store did not answer in time, e.g. while other suites load
   * the shared local stack) or a reset connection is retried with the same Idempotency-Key,
   * as the partner guide says; it never had an effect, or its kept answer comes back.
   */
  async call(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown, key = randomUUID()): Promise<TestResponse> {
    const headers: Record<string, string> = method === 'GET' ? {} : { 'Idempotency-Key': key };
    for (let attempt = 1; ; attempt++) {
      const res = await this.h.t.client.request(method, path, { body, token: this.partner.token, headers }).catch((err: Error) => {
        if (attempt >= 5) throw err;
        return undefined;
      });
      // after a 503 the first attempt may still hold the key: 409 IDEMPOTENCY_KEY_IN_USE says wait and repeat
      const again = !res || res.status === 503 || (attempt > 1 && res.status === 409 && res.body?.errors?.[0]?.code === 'IDEMPOTENCY_KEY_IN_USE');
      if (res && (!again || attempt >= 5)) return res;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
  put(path: string, body: unknown, key = randomUUID()): Promise<TestResponse> {
    return this.call('PUT', path, body, key);
  }
  async get(path: string): Promise<any> {
    const res = await this.call('GET', path);
    if (res.status !== 200) this.fail(`GET ${path} answered ${res.status} ${res.text.slice(0, 200)}`);
    return res.body;
  }
  getApp(): Promise<any> {
    return this.get(`/financing/v1/applications/${this.id}`);
  }

  async run(): Promise<void> {
    const sc = this.sc;
    this.partner = await this.env.partner(sc.trigger, sc.feeBps);
    this.cands = [newModel(sc)];
    const res = await this.call(
      'POST',
      '/financing/v1/applications',
      applicationBody({ type: sc.type, order: { ...applicationBody().order, ...orderBody(sc.lines) }, customer: customer(sc.transactionsNumber) }),
    );
    if (res.status !== 201) this.fail(`create answered ${res.status} ${res.text.slice(0, 300)}`);
    const created = res.body;
    this.id = created.id;
    this.gatewayUrl = created.gatewayRedirectUrl;
    this.log.push(`create ${sc.type} ${sc.trigger} fee ${sc.feeBps} tn ${sc.transactionsNumber} ${JSON.stringify(sc.lines)}`);
    await this.observe();
    for (const step of sc.pre) {
      if (step.t === 'change') await this.change(step.change);
      else await this.staleConfirm(step.change);
    }
    await this.confirm();
    for (const [k, step] of sc.post.entries()) {
      this.log.push(`#${k} ${JSON.stringify(step)}`);
      // every other step of a sequence races a burst of settlement closes (2-3, 0-4 ms apart)
      const burst = (k + sc.lines.length) % 2 === 0 ? closeBurst(this, 2 + (k % 2), (k + sc.post.length) % 5).catch((err: Error) => err) : undefined;
      await this.step(step);
      if (burst) {
        const closes = await burst;
        if (closes instanceof Error) this.fail(closes.message);
        this.log.push(`  closes ${closes.join(',')}`);
        await checkPartnerSettlements(this, false).catch((err: Error) => this.fail(err.message));
      }
    }
    await this.finish();
  }

  private async step(step: Scenario['post'][number]): Promise<void> {
    {
      if (step.t === 'op') await this.op(step.op);
      else if (step.t === 'retry') await this.retry(step.op, step.concurrent);
      else if (step.t === 'concurrent') await this.concurrent(step.ops);
      else if (step.t === 'change') await this.change(step.change);
      else await this.single({ kind: 'CANCEL_APP' }, `/financing/v1/applications/${this.id}/cancel`, { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' });
    }
  }

  /** One call: its answer against every candidate's outcome, then the application. */
  async single(action: Action, path: string, body: unknown): Promise<TestResponse> {
    const res = await this.put(path, body);
    count(action.kind, res);
    this.log.push(`  PUT ${path.split('/').slice(-1)[0]} ${JSON.stringify(body).slice(0, 300)} → ${res.status} ${res.body?.errors?.[0]?.code ?? ''}`);
    const outs = this.cands.map((m) => apply(m, action));
    const ok = outs.filter((o) => responseDiff(o, res) === undefined);
    if (ok.length === 0) this.fail(`answer: ${responseDiff(outs[0]!, res)}`);
    this.cands = dedupe(ok.map((o) => o.model));
    await this.observe();
    return res;
  }

  async op(o: OpIntent): Promise<void> {
    const { action, body } = resolveOp(this.m, o);
    await this.single(action, opPath(this.id, o.kind.toLowerCase() as any), body);
  }

  async change(c: ChangeIntent): Promise<TestResponse> {
    const lines = changedLines(this.m, c);
    return this.single({ kind: 'CHANGE', lines }, orderPath(this.id), { reason: 'model', order: orderBody(lines) });
  }

  /** The same request twice with one Idempotency-Key: one effect, the second answer a replay (or 409 while the first runs). */
  async retry(o: OpIntent, concurrent: boolean): Promise<void> {
    const { action, body } = resolveOp(this.m, o);
    const path = opPath(this.id, o.kind.toLowerCase() as any);
    const key = randomUUID();
    const [a, b] = concurrent
      ? await Promise.all([this.put(path, body, key), this.put(path, body, key)])
      : [await this.put(path, body, key), await this.put(path, body, key)];
    count(`${o.kind} retried`, a);
    this.log.push(`  retry ${o.kind} ${JSON.stringify(body)} → ${a.status}, ${b.status}`);
    const busy = (r: TestResponse) => r.status === 409 && r.body?.errors?.[0]?.code === 'IDEMPOTENCY_KEY_IN_USE';
    const [first, second] = busy(a) ? [b, a] : [a, b];
    if (!busy(second) && (second.status !== first.status || second.text !== first.text))
      this.fail(`a retry with the same key answered ${second.status} ${second.text.slice(0, 200)}; the first ${first.status} ${first.text.slice(0, 200)}`);
    if (busy(second) && !concurrent) this.fail('a retry after the first answer came got 409 IDEMPOTENCY_KEY_IN_USE');
    const outs = this.cands.map((m) => apply(m, action));
    const ok = outs.filter((x) => responseDiff(x, first) === undefined);
    if (ok.length === 0) this.fail(`answer: ${responseDiff(outs[0]!, first)}`);
    this.cands = dedupe(ok.map((x) => x.model));
    await this.observe();
  }

  async concurrent(ops: OpIntent[]): Promise<void> {
    const calls = ops.map((o) => ({ ...resolveOp(this.m, o), path: opPath(this.id, o.kind.toLowerCase() as any) }));
    const answers = await Promise.all(calls.map((c) => this.put(c.path, c.body)));
    calls.forEach((c, i) => count(`${c.action.kind} concurrent`, answers[i]!));
    this.log.push(
      `  concurrent ${calls.map((c, i) => `${c.action.kind} ${JSON.stringify(c.body)} → ${answers[i]!.status} ${answers[i]!.body?.errors?.[0]?.code ?? ''}`).join(' | ')}`,
    );
    const next = this.cands.flatMap((m) =>
      interleavings(
        m,
        calls.map((c) => c.action),
        answers,
      ),
    );
    if (next.length === 0) this.fail('no order of the concurrent calls explains their answers');
    this.cands = dedupe(next);
    await this.observe();
  }

  /** The gateway page, loaded again while the service answers that it is busy (503). */
  async openPage(gw: GatewayClient): Promise<TestResponse> {
    for (let attempt = 1; ; attempt++) {
      const page = await gw.open();
      if (page.status !== 503 || attempt >= 5) return page;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }

  /** Submits a loaded page's confirm form, again while the service answers that it is busy (503: nothing happened). */
  async submitPage(gw: GatewayClient, page: TestResponse): Promise<TestResponse> {
    for (let attempt = 1; ; attempt++) {
      const res = await gw.submit('confirm', page.text);
      if (res.status !== 503 || attempt >= 5) return res;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }

  /** The customer loads the gateway page, the partner changes the order, the customer submits the page loaded before. */
  async staleConfirm(c: ChangeIntent): Promise<void> {
    if (this.m.status.stateReason !== 'PROCESSING_REDIRECT_NEEDED') return this.change(c).then(() => undefined);
    const gw = new GatewayClient(this.h.t, this.gatewayUrl);
    const page = await this.openPage(gw);
    const version = this.m.orderVersion;
    this.log.push(`  gateway page loaded at order version ${version}`);
    await this.change(c);
    await this.submitPage(gw, page);
    this.log.push('  submitted the page loaded before the change');
    this.cands = this.cands.map((m) => apply(m, { kind: 'CONFIRM', pageVersion: version }).model);
    await this.decided();
  }

  /** The customer confirms; an order change may follow at once or race it; then the decision. */
  async confirm(): Promise<void> {
    for (let attempt = 0; attempt < 2 && this.m.status.stateReason === 'PROCESSING_REDIRECT_NEEDED'; attempt++) {
      const gw = new GatewayClient(this.h.t, this.gatewayUrl);
      const page = await this.openPage(gw);
      const version = this.m.orderVersion;
      const race = attempt === 0 ? this.sc.confirm.race : 'none';
      this.log.push(`confirm (page at version ${version}, race ${race})`);
      if (race === 'none') {
        await this.submitPage(gw, page);
        this.cands = this.cands.map((m) => apply(m, { kind: 'CONFIRM', pageVersion: version }).model);
      } else {
        const lines = changedLines(this.m, this.sc.confirm.change);
        const action: Action = { kind: 'CHANGE', lines };
        const put = () => this.put(orderPath(this.id), { reason: 'model', order: orderBody(lines) });
        const res = race === 'after' ? await this.submitPage(gw, page).then(put) : (await Promise.all([this.submitPage(gw, page), put()]))[1];
        count(`CHANGE racing the confirmation (${race})`, res);
        this.log.push(`  PUT order ${JSON.stringify(lines)} → ${res.status} ${res.body?.errors?.[0]?.code ?? ''}`);
        const confirm: Action = { kind: 'CONFIRM', pageVersion: version };
        const orders: Action[][] = [[confirm, action], [confirm, { kind: 'DECIDE' }, action], ...(race === 'concurrent' ? [[action, confirm]] : [])];
        const next = this.cands.flatMap((m) =>
          orders.flatMap((seq) => {
            let cur = m;
            for (const a of seq) {
              const out = apply(cur, a);
              if (a === action && responseDiff(out, res) !== undefined) return [];
              cur = out.model;
            }
            return [cur];
          }),
        );
        if (next.length === 0) this.fail(`the order change racing the confirmation: ${responseDiff(apply(apply(this.m, confirm).model, action), res)}`);
        this.cands = dedupe(next);
      }
      await this.decided();
    }
  }

  /** Waits for the decision when the application was confirmed, then checks it. */
  async decided(): Promise<void> {
    const app = await waitFor(
      `the decision of ${this.id}`,
      async () => {
        const a = await this.getApp();
        return !DECIDING.includes(a.stateReason) && a;
      },
      { maxWait: 60_000 },
    );
    this.log.push(`  decided: ${app.state}/${app.stateReason} total ${app.order?.totalPrice?.amount}`);
    countAnswer('decided', 200, app.stateReason);
    if (app.state === 'READY' && app.order.totalPrice.amount > 5_000_000) this.fail(`READY above the limit: ${app.order.totalPrice.amount}`);
    this.cands = this.cands.map((m) => apply(m, { kind: 'DECIDE' }).model);
    await this.observe();
  }

  /**
   * Settles the payouts' READY_PAID and polls the application until one candidate explains
   * it (bounded: a payout travels through Kafka twice before READY_PAID).
   */
  async observe(): Promise<void> {
    const pending = this.cands.some((m) => m.pendingPaid > 0);
    this.cands = this.cands.map(settle);
    if (pending) {
      await this.paidHandled().catch(async (err) => {
        // the payouts the model expects did not all come: name the difference
        const list = (await this.get(`${paymentsPath(this.id)}?limit=100`)).data;
        this.narrow((m) => paymentsDiff(m, list, Number.MAX_SAFE_INTEGER), `payments (${(err as Error).message})`);
        throw err;
      });
    }
    let last: any;
    try {
      await waitFor(
        `the application ${this.id} to match the model`,
        async () => {
          last = await this.getApp();
          return this.cands.some((m) => applicationDiff(m, last) === undefined);
        },
        { maxWait: pending ? SETTLE_WAIT : 3_000, interval: 100 },
      );
    } catch {
      /* the narrowing below names the difference */
    }
    this.narrow((m) => applicationDiff(m, last), 'application');
  }

  /**
   * Waits until the payments.paid consumer has handled every payout of the application
   * (its inbox holds the payment event), so that whether READY_PAID came is settled.
   */
  async paidHandled(): Promise<void> {
    const want = Math.min(...this.cands.map((m) => m.payments.length));
    const notes = await waitFor(
      `${want} payment notifications of ${this.id}`,
      () => {
        const mine = this.h.notifications.json<NotificationRequest>().filter((n) => n.kind === 'PAYMENT' && (n.body as any).applicationId === this.id);
        return mine.length >= want && mine;
      },
      { maxWait: SETTLE_WAIT },
    );
    const { db, topics } = this.h.t.api.runtime;
    const ids = notes.filter((n) => (n.body as any).type === 'PAYOUT').map((n) => `${topics.group('payments.paid')}:${n.sourceEventId}`);
    await waitFor(
      `READY_PAID handled for ${ids.length} payout(s) of ${this.id}`,
      async () => (await db.collection('consumer_inbox').countDocuments({ _id: { $in: ids } } as any)) === ids.length,
      { maxWait: SETTLE_WAIT },
    );
  }

  /** The ledger caught up with every order event: then the payments and the notifications. */
  async finish(): Promise<void> {
    await ledgerCaughtUp(this.h, this.id, Math.max(...this.cands.map((m) => m.orderWrites)));
    const app = await this.getApp();
    this.narrow((m) => applicationDiff(m, app), 'application at the end');
    const list = (await this.get(`${paymentsPath(this.id)}?limit=100`)).data;
    this.narrow((m) => paymentsDiff(m, list, app.order.totalPrice.amount), 'payments');
    let feed: any[] = [];
    await waitFor(
      `the feed of ${this.id}`,
      async () => {
        feed = (await this.get(`/financing/v1/events?applicationId=${this.id}&limit=100`)).data;
        return feed.length >= Math.min(...this.cands.map((m) => m.notified.length + m.payments.length));
      },
      { maxWait: SETTLE_WAIT },
    ).catch(() => {
      /* the comparison below names what is missing */
    });
    const notes = feed.filter((e) => e.type === 'application').map((e) => `${e.data.state}/${e.data.stateReason}`);
    const paid = feed.filter((e) => e.type === 'payment').map((e) => e.data.grossValue.amount);
    this.narrow((m) => {
      const want = m.notified.map((s) => `${s.state}/${s.stateReason}`);
      if (JSON.stringify(notes) !== JSON.stringify(want)) return `notifications ${JSON.stringify(notes)}, expected ${JSON.stringify(want)}`;
      return JSON.stringify(paid) === JSON.stringify(m.payments.map((p) => p.gross)) ? undefined : `payment notifications ${JSON.stringify(paid)}`;
    }, 'notifications');
    if (this.m.status.state === 'CANCELLED' && this.m.status.stateReason === 'CANCELLED_NOT_PAID' && orderTotal(this.m) !== 0)
      this.fail('a cancelled order still owes');
    this.h.events.messages.splice(0, this.h.events.messages.length, ...this.h.events.messages.filter((x) => x.key !== this.id));
    this.h.notifications.messages.splice(0, this.h.notifications.messages.length, ...this.h.notifications.messages.filter((x) => x.key !== this.id));
  }
}
