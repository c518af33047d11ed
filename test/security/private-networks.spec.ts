import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { applicationBody } from '../applications/requests.js';
import type { Relay } from '../../relay/create-relay.js';
import { deliveryIdOf } from '../../modules/webhooks/delivery.model.js';
import type { DeliveryView } from '../../modules/webhooks/delivery.view.js';
import { Receiver } from '../relay/support/receiver.js';
import { applicationNotification, publishNotifications, startTestRelay } from '../relay/support/relay.js';

/** What a production start must set (no local placeholders), and nothing about networks: the default is what is tested. */
const MASTER_KEY = join(mkdtempSync(join(tmpdir(), 'pf-master-')), 'master.key');
writeFileSync(MASTER_KEY, randomBytes(32).toString('base64'));

const PRODUCTION = {
  NODE_ENV: 'production',
  BILLING_NAME: 'Partner Financing s.r.o.',
  BILLING_ACCOUNT_NUMBER: '2000145399',
  BILLING_BANK_CODE: '2010',
  BILLING_STREET: 'Na Florenci',
  BILLING_STREET_NUMBER: '2116/15',
  BILLING_CITY: 'Praha',
  BILLING_ZIP: '11000',
  BILLING_COUNTRY: 'CZ',
  // production seals secrets at rest under a master key from a file
  MASTER_KEY_FILE: MASTER_KEY,
  // production only checks the migrations (a Job applies them); this API applies them itself
  MIGRATIONS: 'apply',
  COLLECTION_IBAN: 'CZ9320100000002000145399',
  WEBHOOK_RETRY_DELAYS: '50ms,50ms,50ms,50ms,50ms',
};

/** Something only an internal service would answer: it must never reach a partner. */
const INTERNAL = 'internal-only-7f3a9c';

describe('production settings: notification endpoints on private or loopback networks', function () {
  this.timeout(60_000);
  let t: TestApi;
  let relay: Relay;
  let p: TestPartner;
  let internal: Receiver;
  before(async () => {
    t = await startTestApi(PRODUCTION);
    p = await provisionPartner(t);
    internal = await new Receiver(() => ({ status: 200, body: { statusCode: '200', status: 'OK', secret: INTERNAL } })).start();
    relay = await startTestRelay(t.config);
  });
  after(async () => {
    await relay?.stop();
    await internal?.stop();
    await t?.stop();
  });

  it('when NODE_ENV is production, then private networks are refused without being asked for', () => {
    expect(t.config.process.env).to.equal('production');
    expect(t.config.webhooks.allowPrivateNetworks).to.equal(false);
  });

  it('when a create names a private, loopback, link-local or shared-address endpoint, then 422 naming merchantUrls.notificationEndpoint and nothing is stored', async () => {
    for (const endpoint of [
      'https://10.0.0.7/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
    ]) {
      const body = applicationBody();
      const res = await t.client.post<any>(
        '/financing/v1/applications',
        { ...body, merchantUrls: { ...body.merchantUrls, notificationEndpoint: endpoint } },
        { token: p.token },
      );
      expect(res.status, endpoint).to.equal(422);
      expect(res.body.errors[0], endpoint).to.include({ code: 'UNPROCESSABLE', severity: 'ERROR', attribute: 'merchantUrls.notificationEndpoint' });
      expect(await t.api.runtime.db.collection('applications').countDocuments({ 'order.number': body.order.number }), endpoint).to.equal(0);
    }
  });

  it('when a notification is due to a loopback literal or a name resolving to loopback, then the relay refuses it, nothing is requested, and nothing internal reaches the deliveries API', async () => {
    const notifications = [
      applicationNotification(p.id, internal.url('/by-literal')),
      applicationNotification(p.id, `http://localhost:${internal.port}/by-name`),
    ];
    await publishNotifications(t.api.runtime.producer, t.api.runtime.topics, notifications);
    const views = await Promise.all(
      notifications.map((n) =>
        waitFor(`the delivery to ${n.url} dead-lettered`, async () => {
          const res = await t.client.get<DeliveryView>(`/financing/v1/webhooks/deliveries/${deliveryIdOf(n)}`, { token: p.token });
          return res.status === 200 && res.body.state === 'DEAD_LETTERED' && res.body;
        }),
      ),
    );
    expect(internal.requests).to.deep.equal([]);
    for (const view of views) {
      expect(view.attempts.map((a) => a.outcome)).to.deep.equal(Array(6).fill('REFUSED_ADDRESS'));
      for (const a of view.attempts) {
        expect(a).not.to.have.property('responseExcerpt');
        expect(a).not.to.have.property('statusCode');
        expect(a.error).to.match(/not on a public network/);
      }
      // the partner's own URL is shown as sent; the attempts say nothing of where a name led
      expect(JSON.stringify(view.attempts)).not.to.match(new RegExp(`${INTERNAL}|127\\.0\\.0\\.1|::1|loopback|${internal.port}`));
    }
  });
});
