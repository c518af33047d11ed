import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { startApi } from '../../api/create-api.js';
import { createLogger } from '../../platform/logger.js';
import { applicationBody } from '../applications/requests.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { TestClient } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';

/**
 * The duplicate rule across the upgrade from the version that kept duplicate claims in a
 * collection of their own (`application_dedup`) to keys held by the applications: an
 * instance adopts the claims still inside the window when it starts (docs/applications.md).
 * The earlier version's state is made directly: applications without their key, and the
 * claims beside them. The claims here carry today's keys, to show the adoption itself; a
 * claim that version really left carries a key of the earlier form, which no request of
 * today matches (the last test).
 */
describe('upgrade: duplicate claims of the earlier version are adopted at start', function () {
  this.timeout(90_000);
  let t: TestApi;
  let partner: TestPartner;
  before(async () => {
    t = await startTestApi();
    partner = await provisionPartner(t);
  });
  after(async () => {
    await t?.stop();
  });

  it('when an instance starts beside claims of the earlier version, then an identical create within the window answers with the first application, one past the window makes a new one, and the old collection is gone', async () => {
    const recent = applicationBody();
    const old = applicationBody();
    const created = await Promise.all([recent, old].map((body) => t.client.post<any>('/financing/v1/applications', body, { token: partner.token })));
    for (const res of created) expect(res.status, res.text).to.equal(201);
    const [recentId, oldId] = created.map((r) => r.body.id as string);

    // what the earlier version left: no key on the applications, a claim for each beside them
    const db = t.api.runtime.db;
    const apps = db.collection<{ _id: string; dedupKey?: string }>('applications');
    const keys = await Promise.all([recentId, oldId].map(async (id) => (await apps.findOne({ _id: id }))!.dedupKey!));
    expect(
      keys.every((k) => typeof k === 'string' && k.length > 20),
      'a new application holds its key',
    ).to.equal(true);
    await apps.updateMany({ _id: { $in: [recentId!, oldId!] } }, { $unset: { dedupKey: '' } });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await db.collection('application_dedup').insertMany([
      { _id: keys[0], partnerId: partner.id, applicationId: recentId, claimedAt: minutesAgo(5) },
      { _id: keys[1], partnerId: partner.id, applicationId: oldId, claimedAt: minutesAgo(25) }, // past the 20 min window
    ] as any[]);

    // the upgraded instance starts on the same database
    const next = await startApi(t.config, createLogger({ level: t.config.process.logLevel, name: 'api-upgraded' }));
    const client = new TestClient(`https://localhost:${next.httpsPort}`, next.tls.cert);
    try {
      expect((await apps.findOne({ _id: recentId }))!.dedupKey, 'the claim inside the window is adopted').to.equal(keys[0]);
      expect((await apps.findOne({ _id: oldId }))!.dedupKey, 'the one past it is not').to.equal(undefined);
      expect((await db.listCollections().toArray()).map((c) => c.name)).not.to.include('application_dedup');

      const again = await client.post<any>('/financing/v1/applications', recent, { token: partner.token });
      expect(again.status, again.text).to.equal(200);
      expect(again.body.id).to.equal(recentId);
      const later = await client.post<any>('/financing/v1/applications', old, { token: partner.token });
      expect(later.status, later.text).to.equal(201);
      expect(later.body.id).not.to.equal(oldId);
    } finally {
      client.close();
      await next.stop();
    }
  });

  it("when an application holds a key of the earlier form (no customer in it), then an identical create is a new application holding today's key, and the next one a duplicate of that", async () => {
    const body = applicationBody();
    const first = await t.client.post<any>('/financing/v1/applications', body, { token: partner.token });
    expect(first.status, first.text).to.equal(201);
    // the key as the version before the customer was part of it computed and stored it
    const { order, type } = body;
    const earlier = createHash('sha256')
      .update(JSON.stringify([partner.id, type, String(order.totalPrice.amount), order.totalPrice.currency, order.number, ...order.variableSymbols]))
      .digest('base64url');
    const apps = t.api.runtime.db.collection<{ _id: string; dedupKey?: string }>('applications');
    await apps.updateOne({ _id: first.body.id }, { $set: { dedupKey: earlier } });

    const again = await t.client.post<any>('/financing/v1/applications', body, { token: partner.token });
    expect(again.status, again.text).to.equal(201);
    expect(again.body.id).not.to.equal(first.body.id);
    expect((await apps.findOne({ _id: first.body.id }))!.dedupKey, 'the earlier key stays where it was, harmless').to.equal(earlier);
    const third = await t.client.post<any>('/financing/v1/applications', body, { token: partner.token });
    expect(third.status, third.text).to.equal(200);
    expect(third.body.id).to.equal(again.body.id);
  });
});
