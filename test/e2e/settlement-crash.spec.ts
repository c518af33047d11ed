import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import { newId } from '../../platform/ids.js';
import { ApiProcess } from '../support/api-process.js';
import { testConfig } from '../support/config.js';
import type { TestPartner } from '../support/partners.js';
import { KillableApi } from './support/killable-api.js';
import { waitFor } from '../support/wait.js';
import { runOps } from '../support/partners-cli.js';
import type { PaymentLineDoc } from '../../modules/payments/payment-lines.model.js';
import type { SettlementDoc } from '../../modules/payments/settlement.model.js';

const CLOSE = '/financing/v1/sandbox/settlements/close';

/**
 * Settlements survive a SIGKILL in the middle of a close: the API kills itself once the lines
 * are claimed, or once the settlement is written (SETTLEMENT_TEST_CRASH_AT), or is killed
 * from outside at a random moment while two API processes close at once. After a restart the
 * daily job (which runs once at start) finishes a settlement that was written; lines a dead
 * close had only claimed wait for the next close (here the partner's retry). Each settlement
 * exists once with every line in exactly one of them.
 */
describe('settlements after the API was SIGKILLed mid-settlement, and with two API processes', function () {
  this.timeout(300_000);
  let fixture: KillableApi | undefined;
  let api: ApiProcess;
  let second: ApiProcess | undefined;
  let partner: TestPartner;

  before(async function () {
    this.timeout(120_000);
    // one multi-document update over thousands of lines may outlast the default store
    // timeout on the local store, which runs each such update under its collection lock
    const env = { STORE_TIMEOUT: '15s' };
    fixture = new KillableApi(testConfig(), env, 'settlement-crash-test');
    second = new ApiProcess(fixture.config, env);
    await second.prepare();
    ({ api, partner } = await fixture.start());
  });
  after(async () => {
    await second?.dispose();
    await fixture?.dispose();
  });

  const lines = () => fixture!.db().collection<PaymentLineDoc>('payment_lines');
  const settlements = () => fixture!.db().collection<SettlementDoc>('settlements');

  /** Payment lines as the ledger writes them, recorded a minute ago (payouts, and a credit note every seventh). */
  async function seed(n: number): Promise<void> {
    const at = new Date(Date.now() - 60_000);
    const docs: PaymentLineDoc[] = [];
    for (let i = 0; i < n; i++) {
      const gross = i % 7 === 6 ? -randomInt(1, 50_000) : randomInt(1, 500_000);
      const fee = Math.round(gross * 0.025);
      const id = newId();
      docs.push({
        _id: id,
        partnerId: partner.id,
        applicationId: newId(),
        type: gross < 0 ? 'CREDIT_NOTE' : 'PAYOUT',
        gross,
        fee,
        net: gross - fee,
        currency: 'CZK',
        date: at.toISOString().slice(0, 10),
        createdAt: at,
        orderNumber: `N-${i}`,
        body: { paymentId: id } as PaymentLineDoc['body'],
        settlementId: null,
        settled: false,
      });
    }
    for (let i = 0; i < docs.length; i += 1000) await lines().insertMany(docs.slice(i, i + 1000));
  }

  /** Every line settled and listed by exactly one settlement, whose totals are its lines' sums; the chain carries exactly. */
  async function assertExact(): Promise<SettlementDoc[]> {
    const all = await settlements().find({ partnerId: partner.id }).sort({ number: 1 }).toArray();
    const owner = new Map<string, string>();
    for (const s of all)
      for (const id of s.lineIds) {
        expect(owner.has(id), 'a line is in one settlement only').to.equal(false);
        owner.set(id, s._id);
      }
    const docs = await lines().find({ partnerId: partner.id }).toArray();
    for (const l of docs) {
      expect(l.settled, `line ${l._id} settled`).to.equal(true);
      expect(l.settlementId).to.equal(owner.get(l._id));
    }
    expect(owner.size).to.equal(docs.length);
    const byId = new Map(docs.map((l) => [l._id, l]));
    let carried = 0;
    all.forEach((s, i) => {
      expect(s.number).to.equal(i + 1);
      expect(s.linesNet).to.equal(s.lineIds.reduce((a, id) => a + byId.get(id)!.net, 0));
      expect(s.carriedIn).to.equal(carried);
      expect(s.net).to.equal(s.linesNet + s.carriedIn);
      carried = s.carriedOut;
    });
    // and the operators' integrity check, as an operator runs it, agrees
    const check = await runOps(fixture!.config, ['ledger', 'check']);
    expect(check.code, `ops ledger check: ${check.stdout}${check.stderr}`).to.equal(0);
    expect(check.json.warningCount, 'every settlement finished').to.equal(0);
    return all;
  }

  async function restartAndWaitSettled(retryClose: 'no' | 'settles' | 'may-find-nothing' = 'no'): Promise<void> {
    await waitFor('the API process to die', () => api.exited, { maxWait: 30_000 });
    api.start();
    await api.healthy();
    if (retryClose !== 'no') {
      // the partner got no answer and asks again (a crashed close is no settlement)
      const retried = await api.client.post(CLOSE, {}, { token: partner.token, timeoutMs: 60_000 });
      expect(retried.status, 'the retried close').to.be.oneOf(retryClose === 'settles' ? [201] : [201, 422]);
    }
    await waitFor(
      'every line settled (the job finishes the close at start)',
      async () => (await lines().countDocuments({ partnerId: partner.id, settled: false })) === 0,
      { maxWait: 60_000, interval: 250 },
    );
  }

  for (const step of ['claimed', 'written'] as const) {
    it(`when the API dies once the close has ${step === 'claimed' ? 'claimed its lines' : 'written the settlement'}, then after a restart the settlement exists once with every line`, async () => {
      await seed(2000);
      const before = await settlements().countDocuments({ partnerId: partner.id });
      await api.stop('SIGTERM');
      api.start({ SETTLEMENT_TEST_CRASH_AT: step });
      await api.healthy();
      const outcome = await api.client.post(CLOSE, {}, { token: partner.token, timeoutMs: 30_000 }).then(
        (r) => `answered ${r.status}`,
        (err: Error) => err,
      );
      expect(outcome, 'the close got no answer').to.be.instanceOf(Error);
      if (step === 'claimed') {
        const claimed = await lines().countDocuments({ partnerId: partner.id, settled: false, claimNumber: { $exists: true } });
        expect(claimed, 'the dead close left its claim').to.be.greaterThan(0);
      } else {
        const unmarked = await lines().countDocuments({ partnerId: partner.id, settlementId: null });
        expect(unmarked, 'the dead close wrote the settlement and left its lines unmarked').to.be.greaterThan(0);
      }
      expect(await settlements().countDocuments({ partnerId: partner.id })).to.equal(step === 'claimed' ? before : before + 1);
      // a claim is a reservation for the next settlement, taken by whichever close comes next;
      // a written settlement is finished by the daily job's run at start
      await restartAndWaitSettled(step === 'claimed' ? 'settles' : 'no');
      const all = await assertExact();
      expect(all).to.have.length(before + 1);
      expect(all.at(-1)!.lineCount).to.equal(2000);
    });
  }

  it('when two API processes close at once and one is killed at a random moment, then after its restart every line is in exactly one settlement', async () => {
    await seed(5000);
    second!.start();
    await second!.healthy();
    const token = partner.token;
    const closes = [api, second!].map((p) => p.client.post(CLOSE, {}, { token, timeoutMs: 60_000 }).catch((err: Error) => err));
    await new Promise((r) => setTimeout(r, randomInt(20, 600)));
    await api.stop('SIGKILL');
    const answers = await Promise.all(closes);
    const ok = answers.filter((a) => !(a instanceof Error)).map((a) => (a as { status: number }).status);
    expect(
      ok.every((s) => s === 201 || s === 422),
      `${JSON.stringify(ok)}\n${second!.log.slice(-3000)}`,
    ).to.equal(true);
    await restartAndWaitSettled('may-find-nothing');
    await second!.stop('SIGTERM');
    await assertExact();
  });
});
