import { expect } from 'chai';
import { applicationBody } from '../applications/requests.js';
import type { RelayProcess } from '../relay/support/relay-process.js';
import { startRelayRunning } from './support/relay-running.js';
import type { ApiProcess } from '../support/api-process.js';
import { testConfig, uniqueSuffix } from '../support/config.js';
import type { TestPartner } from '../support/partners.js';
import { KillableApi } from './support/killable-api.js';
import { waitFor } from '../support/wait.js';
import { PartnerEndpoint } from './support/partner-endpoint.js';

const N = 200;
const CONCURRENCY = 20;
const KILL_AFTER = 60; // 201s received before the SIGKILL
const FAST = { OUTBOX_SWEEP_INTERVAL: '300ms', OUTBOX_SWEEP_GRACE: '300ms' };

/** One create request as the client saw it: a status, or a network error (outcome unknown). */
interface Outcome {
  number: string;
  status?: number;
  id?: string;
  error?: string;
}

interface StoredApp {
  _id: string;
  order: { number: string };
  outboxAt?: Date;
}

describe('nothing is lost when the API process is killed with SIGKILL in the middle of a burst of creates', function () {
  this.timeout(180_000);
  const suffix = uniqueSuffix();
  let fixture: KillableApi | undefined;
  let api: ApiProcess;
  let relay: RelayProcess;
  let endpoint: PartnerEndpoint;
  let partner: TestPartner;

  before(async function () {
    this.timeout(120_000);
    fixture = new KillableApi(testConfig(FAST), { ...FAST, RATE_LIMIT_PER_MINUTE: '100000' }, 'api-crash-test');
    ({ api, partner } = await fixture.start(async () => {
      endpoint = await new PartnerEndpoint().start();
      relay = await startRelayRunning(fixture!.config);
    }));
  });
  after(async () => {
    await relay?.stop('SIGTERM');
    await endpoint?.stop();
    await fixture?.dispose();
  });

  const bodyOf = (number: string) => {
    const body = applicationBody({}, { number });
    body.merchantUrls.notificationEndpoint = endpoint.url('/crash');
    return body;
  };

  /**
   * N creates, CONCURRENCY at a time, each with its own order number. When the KILL_AFTER-th
   * 201 arrives the API is killed and started again; a worker whose request fails waits for
   * the new process and goes on with the next order (the failed one's outcome is unknown).
   */
  async function burstWithKill(): Promise<{ outcomes: Outcome[]; answeredAtKill: number }> {
    const outcomes: Outcome[] = [];
    let next = 0;
    let created = 0;
    let answeredAtKill = -1;
    let restarting: Promise<void> | undefined;
    const killAndRestart = async () => {
      answeredAtKill = outcomes.length;
      expect(await api.stop('SIGKILL'), 'killed by the signal').to.equal(null);
      api.start();
    };
    const worker = async () => {
      while (next < N) {
        const number = `CRASH-${suffix}-${next++}`;
        try {
          const res = await api.client.post('/financing/v1/applications', bodyOf(number), { token: partner.token, timeoutMs: 20_000 });
          outcomes.push({ number, status: res.status, id: res.body?.id });
          if (res.status === 201 && ++created === KILL_AFTER) restarting = killAndRestart();
        } catch (err) {
          outcomes.push({ number, error: (err as Error).message });
          await restarting;
          await api.healthy();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await restarting;
    return { outcomes, answeredAtKill };
  }

  /** The partner's applications as stored, and the burst's outcomes (the act, done once in `before`). */
  let outcomes: Outcome[];
  let answeredAtKill: number;
  let stored: StoredApp[];
  const applications = () => fixture!.db().collection<StoredApp>('applications');
  const storedOf = () =>
    applications()
      .find({ partnerId: partner.id }, { projection: { _id: 1, 'order.number': 1 } })
      .toArray();
  /** Waits until each given application has its creation notification at the endpoint and no outbox entry is left. */
  const settled = (apps: StoredApp[]) =>
    waitFor(
      `a creation notification for each of ${apps.length} applications, and no outbox entry left`,
      async () => {
        const notified = new Set(endpoint.verified(partner.webhookSecret).map((a) => a.applicationId));
        const pending = await applications().countDocuments({ partnerId: partner.id, outboxAt: { $exists: true } });
        return pending === 0 && apps.every((a) => notified.has(a._id));
      },
      { maxWait: 60_000, interval: 200 },
    ).catch((err) => {
      throw new Error(`${err.message}\nAPI: ${api.log}\nrelay: ${relay.log}`);
    });

  describe('when the API dies mid-burst and starts again', () => {
    before(async function () {
      this.timeout(120_000);
      ({ outcomes, answeredAtKill } = await burstWithKill());
      stored = await storedOf();
      await settled(stored);
    });

    it('then the kill cut the burst in the middle, and every answer the client got was a 201', () => {
      expect(outcomes).to.have.length(N);
      expect(answeredAtKill, 'killed in the middle of the burst').to.be.within(KILL_AFTER, N - 1);
      expect(outcomes.filter((o) => o.error).length, 'requests cut by the kill').to.be.above(0);
      const unexpected = outcomes.filter((o) => o.status !== undefined && o.status !== 201);
      expect(unexpected, 'a request cut by the kill has no answer; every other is a 201').to.deep.equal([]);
    });

    it('then every 201 is a stored application under its order number, and every stored one came from a 201 or from a cut request', () => {
      const numberOf = new Map(stored.map((a) => [a._id, a.order.number]));
      for (const o of outcomes.filter((x) => x.status === 201)) expect(numberOf.get(o.id!), `201 for ${o.number}`).to.equal(o.number);
      const byNumber = new Map(outcomes.map((o) => [o.number, o]));
      for (const a of stored) {
        const o = byNumber.get(a.order.number)!;
        expect(o.id === a._id || o.error !== undefined, `${a.order.number}: answered ${o.status} ${o.id}`).to.equal(true);
      }
      expect(stored.length).to.be.within(outcomes.filter((o) => o.status === 201).length, N);
    });

    it('then every stored application had its creation notification delivered, signed, under one webhook-id, and no notification names an application that is not stored', () => {
      const storedIds = new Set(stored.map((a) => a._id));
      const idsPerApp = new Map<string, Set<string>>();
      for (const a of endpoint.verified(partner.webhookSecret)) {
        expect(storedIds.has(a.applicationId), `a notification about ${a.applicationId}, which is not stored`).to.equal(true);
        expect(a.body).to.deep.equal({ id: a.applicationId, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' });
        idsPerApp.set(a.applicationId, (idsPerApp.get(a.applicationId) ?? new Set()).add(a.webhookId));
      }
      for (const a of stored) expect(idsPerApp.get(a._id)?.size, `webhook-ids of ${a._id}`).to.equal(1);
    });

    it('when the partner retries each cut request, then no order is stored twice: 200 with the stored application, 201 for one never stored (a writer killed before its insert leaves nothing that holds the order)', async function () {
      this.timeout(60_000);
      const cut = outcomes.filter((o) => o.error);
      const retries = await Promise.all(
        cut.map(async (o) => {
          const res = await api.client.post('/financing/v1/applications', bodyOf(o.number), { token: partner.token, timeoutMs: 30_000 });
          return { number: o.number, res, first: stored.find((a) => a.order.number === o.number) };
        }),
      );
      for (const { number, res, first } of retries) {
        if (first) {
          expect(res.status, `${number} was stored: the retry is a duplicate`).to.equal(200);
          expect(res.body.id).to.equal(first._id);
        } else {
          expect(res.status, `${number} was never stored: ${res.text}`).to.equal(201);
        }
      }
      const after = await storedOf();
      const perNumber = new Map<string, number>();
      for (const a of after) perNumber.set(a.order.number, (perNumber.get(a.order.number) ?? 0) + 1);
      expect(
        [...perNumber].filter(([, n]) => n > 1),
        'orders stored twice',
      ).to.deep.equal([]);
      await settled(after);
    });
  });
});
