import { randomBytes } from 'node:crypto';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { ApiProcess } from '../support/api-process.js';
import { PrivateMongo } from '../support/private-mongo.js';
import { waitFor } from '../support/wait.js';
import type { Trigger } from './oracle.js';

/**
 * What the model runs share: one in-process API (real Kafka and store) with its collectors,
 * a partner per payout terms, the customers, and the wait for the payout ledger.
 */
export const SETTLE_WAIT = 30_000;

export interface ModelEnv {
  h: AppHarness;
  partner(trigger: Trigger, feeBps: number): Promise<TestPartner>;
  /** the partners provisioned so far, and where the operators' commands find the database */
  partners(): Promise<TestPartner[]>;
  storeUrl: string;
  /** stops the scheduled job's instances (the round's end checks a ledger nothing writes to) */
  stopJobs(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Two more API processes on the round's database and topics, as production runs several
 * instances: each runs the scheduled settlement job, here with a cut-off every `everyMs`, so
 * both close the same cut-off at the same moment, again and again, between the sequences'
 * sends, returns and sandbox closes. They also take a share of the consumers' partitions.
 */
async function startJobInstances(h: AppHarness, everyMs: number): Promise<ApiProcess[]> {
  const env = { SETTLEMENT_TEST_EVERY_MS: String(everyMs), RATE_LIMIT_PER_MINUTE: '1000000', STORE_TIMEOUT: '15s' };
  const instances = await Promise.all([0, 1].map(() => new ApiProcess(h.t.config, env).prepare()));
  for (const p of instances) p.start();
  await Promise.all(instances.map((p) => p.healthy()));
  return instances;
}

export async function startModelEnv(opts: { privateStore?: boolean; jobEveryMs?: number } = {}): Promise<ModelEnv> {
  // a long run can have a MongoDB-wire server of its own, so that it neither slows nor is
  // slowed by the other suites on the shared stack
  const store = opts.privateStore ? await new PrivateMongo().start() : undefined;
  // many sequences share a few partners: the per-partner request quota is not under test here
  const h = await startHarness({ RATE_LIMIT_PER_MINUTE: '1000000', ...(store ? { MONGO_URL: store.url } : {}) });
  const jobs = opts.jobEveryMs ? await startJobInstances(h, opts.jobEveryMs) : [];
  const stopJobs = async () => {
    // SIGTERM: the job finishes the close it is in before the process exits
    for (const p of jobs.splice(0)) {
      await p.stop('SIGTERM');
      await p.dispose();
    }
  };
  const partners = new Map<string, Promise<TestPartner>>();
  return {
    h,
    partner: (trigger, feeBps) => {
      const key = `${trigger}:${feeBps}`;
      if (!partners.has(key)) partners.set(key, provisionPartner(h.t, { payoutTrigger: trigger, feeBps }));
      return partners.get(key)!;
    },
    partners: () => Promise.all(partners.values()),
    storeUrl: store?.url ?? process.env.MONGO_URL!,
    stopJobs,
    stop: async () => {
      await stopJobs();
      await h.stop();
      await store?.dispose();
    },
  };
}

/** How often each call got each answer ("SEND 200", "CANCEL 422 UNPROCESSABLE"): what a run exercised. */
export const answerCounts = new Map<string, number>();
export function countAnswer(kind: string, status: number, code?: string): void {
  const key = `${kind} ${status}${status === 200 && kind !== 'decided' ? '' : ` ${code ?? ''}`}`;
  answerCounts.set(key, (answerCounts.get(key) ?? 0) + 1);
}

/**
 * Waits until the payout ledger has reconciled on the application's latest order event
 * (`writes`: how many order events its accepted writes produced), so that a payment that
 * is not in the list now will not come.
 */
export async function ledgerCaughtUp(h: AppHarness, id: string, writes: number): Promise<void> {
  if (writes === 0) return;
  const events = await waitFor(
    `${writes} order events of ${id}`,
    () => {
      // once by id: a publish retried after an unanswered send can put an event on Kafka twice,
      // and a duplicate must not pass for the write still on its way
      const orderEvents = h.eventsFor(id).filter((e) => e.type.startsWith('orders.order.'));
      const mine = [...new Map(orderEvents.map((e) => [e.id, e])).values()];
      return mine.length >= writes && mine;
    },
    { maxWait: SETTLE_WAIT },
  );
  const version = Math.max(...events.map((e) => e.aggregateVersion));
  const ledgers = h.t.api.runtime.db.collection('payment_ledgers');
  await waitFor(`the ledger of ${id} at version ${version}`, async () => ((await ledgers.findOne({ _id: id } as any))?.lastAggregateVersion ?? 0) >= version, {
    maxWait: SETTLE_WAIT,
  });
}

/** A new customer every time (BASIC level, no earlier approvals), decided by the rules, not a sandbox e-mail tag. */
export function customer(transactionsNumber: number) {
  const base = applicationBody().customer;
  return { ...base, email: `model-${randomBytes(6).toString('hex')}@example.com`, fraudPreventionData: { ...base.fraudPreventionData, transactionsNumber } };
}
