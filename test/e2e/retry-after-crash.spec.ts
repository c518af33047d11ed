import { expect } from 'chai';
import { applicationBody } from '../applications/requests.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';

/**
 * A writer killed between its duplicate claim and its insert leaves a claim without an
 * application (test/e2e/api-crash.spec.ts sees 4 such claims per run). docs/applications.md:
 * such a claim "whose application never appeared within 30 s (its writer died), is taken
 * over by compare-and-swap". This suite makes that state directly: a real create, then the
 * application removed and the claim aged to just under 30 s.
 */
describe('a retry after a crash that left a duplicate claim without its application', function () {
  this.timeout(60_000);
  let t: TestApi;
  let partner: TestPartner;
  before(async () => {
    t = await startTestApi();
    partner = await provisionPartner(t);
  });
  after(async () => { await t?.stop(); });

  it('when the orphaned claim passes its 30 s grace while the retry waits for it, then the retry takes it over and creates the application (201)', async () => {
    const body = applicationBody();
    const first = await t.client.post('/financing/v1/applications', body, { token: partner.token });
    expect(first.status, first.text).to.equal(201);
    const db = t.api.runtime.db;
    // the state a writer killed after its claim and before its insert leaves behind
    await db.collection<{ _id: string }>('applications').deleteOne({ _id: first.body.id });
    const aged = await db.collection('application_dedup')
      .updateOne({ applicationId: first.body.id }, { $set: { claimedAt: new Date(Date.now() - 29_000) } });
    expect(aged.modifiedCount, 'the claim of the first request').to.equal(1);

    // the guard waits up to 10 s for a claim's application; 1 s into that wait the claim is
    // 30 s old and abandoned by the documented rule
    const retry = await t.client.post('/financing/v1/applications', body, { token: partner.token, timeoutMs: 20_000 });
    expect(retry.status, `${retry.text}`).to.equal(201);
    expect(retry.body.id).not.to.equal(first.body.id);
  });

  it('when the orphaned claim is far from its grace, then the retry is answered at once: 409 CONCURRENT_MODIFICATION with Retry-After', async () => {
    const body = applicationBody();
    const first = await t.client.post('/financing/v1/applications', body, { token: partner.token });
    expect(first.status, first.text).to.equal(201);
    const db = t.api.runtime.db;
    await db.collection<{ _id: string }>('applications').deleteOne({ _id: first.body.id });
    await db.collection('application_dedup')
      .updateOne({ applicationId: first.body.id }, { $set: { claimedAt: new Date(Date.now() - 5_000) } });

    const started = Date.now();
    const retry = await t.client.post('/financing/v1/applications', body, { token: partner.token, timeoutMs: 20_000 });
    expect(retry.status, retry.text).to.equal(409);
    expect(retry.body.errors[0]).to.include({ code: 'CONCURRENT_MODIFICATION', severity: 'ERROR' });
    expect(Number(retry.headers['retry-after'])).to.be.within(24, 25);
    expect(Date.now() - started, 'no 10 s wait for a claim that cannot turn orphan in time').to.be.below(5_000);
  });
});
