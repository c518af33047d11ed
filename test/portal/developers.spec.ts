import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { CURRENT_API_VERSION } from '../../versions/index.js';
import { CATALOGUES, formatDateTime } from '../../modules/portal/portal.i18n.js';
import { rotateSigningKey } from '../../modules/auth/tokens.js';
import { MongoAuthRepository, type SigningKeyDoc } from '../../modules/auth/auth.repository.js';
import { csrfOf, postForm } from './portal-support.js';
import { opPath, startPortalWorld, type PortalWorld } from './portal-world.js';

/**
 * The developers page: the pinned API version, the signing keys' status, webhook secret
 * rotation with its overlap (owners only), and the request log the partner API's middleware writes (no bodies,
 * seven days by a TTL index, a filter on status).
 */
describe('the partner portal: developers page and request log', function () {
  this.timeout(180_000);
  let w: PortalWorld;
  let app: any;
  const requestId = `req-${randomUUID()}`;
  const key = `idem-${randomUUID()}`;
  before(async () => {
    w = await startPortalWorld();
    app = await w.approved();
    const { t, partner } = w.h;
    await t.client.get(`/financing/v1/applications/${app.id}`, { token: partner.token, headers: { 'X-Request-Id': requestId } });
    const sent = await t.client.put(opPath(app.id, 'send'), {}, { token: partner.token, headers: { 'Idempotency-Key': key } });
    expect(sent.status).to.equal(200);
    expect((await t.client.get(`/financing/v1/applications/${randomUUID()}`, { token: partner.token })).status).to.equal(404);
    await w.h.t.api.modules.portal.requestLog.flush();
  });
  after(async () => {
    await w?.stop();
  });

  it("when the request log is read, then it lists the partner's requests with status, request id, idempotency key and duration, and filters on status", async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/developers`);
    expect(await page.locator('#api-version').textContent()).to.equal(CURRENT_API_VERSION);
    const log = (await page.locator('#request-log').textContent())!;
    expect(log).to.include(`/financing/v1/applications/${app.id}`).and.include(requestId).and.include(key).and.include('PUT').and.include('404');
    await page.getByLabel('Status', { exact: true }).selectOption('4xx');
    await page.getByRole('button', { name: 'Apply' }).click();
    const statuses = await page.locator('#request-log tbody tr td:nth-child(4)').allTextContents();
    expect(statuses.length).to.be.at.least(1);
    expect(
      statuses.every((s) => /^4\d\d$/.test(s)),
      statuses.join(),
    ).to.equal(true);
    // no bodies, and a retention by TTL
    const doc = (await w.h.t.api.runtime.db.collection('partner_request_log').findOne({ requestId }))!;
    expect(Object.keys(doc).sort()).to.deep.equal(['_id', 'at', 'durationMs', 'expiresAt', 'method', 'partnerId', 'path', 'requestId', 'status']);
    expect(doc.expiresAt.getTime() - doc.at.getTime()).to.equal(7 * 86_400_000);
    const ttl = (await w.h.t.api.runtime.db.collection('partner_request_log').indexes()).find((i) => i.key.expiresAt === 1);
    expect(ttl?.expireAfterSeconds).to.equal(0);
  });

  const en = CATALOGUES.en;
  const partnerDoc = async () => (await w.h.t.api.runtime.db.collection('partners').findOne({ _id: w.h.partner.id } as never))!;
  const signingKeys = () => w.h.t.api.runtime.db.collection<SigningKeyDoc>('auth_signing_keys').find({}).toArray();
  /** The page holds no secret: neither a webhook secret nor an access-token signing key (opened: they are sealed at rest). */
  const noSecretIn = async (text: string) => {
    const box = w.h.t.api.runtime.secrets;
    for (const s of (await partnerDoc()).webhookSecrets) expect(text).not.to.include(box.open(s.secret, `partners/${w.h.partner.id}/webhook-secret`));
    for (const k of await signingKeys()) expect(text).not.to.include(box.open(k.secret, `auth_signing_keys/${k._id}`));
  };

  it('when the access-token signing key is rotated, then the page shows the kid that signs and since when, before and after; no key material', async () => {
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/developers`);
    const active = (await signingKeys()).filter((k) => k.active).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(await page.locator('#token-kid').textContent()).to.equal(active._id);
    expect(await page.locator('#token-key-since').textContent()).to.equal(formatDateTime(active.createdAt, en));
    const { kid } = await rotateSigningKey(new MongoAuthRepository(w.h.t.api.runtime.db, w.h.t.api.runtime.secrets), new Date());
    expect(kid).not.to.equal(active._id);
    await page.reload();
    const fresh = (await signingKeys()).find((k) => k._id === kid)!;
    expect(await page.locator('#token-kid').textContent()).to.equal(kid);
    expect(await page.locator('#token-key-since').textContent()).to.equal(formatDateTime(fresh.createdAt, en));
    await noSecretIn((await page.content())!);
  });

  it('when an owner rotates the webhook secret, then the new secret is shown once and the old one keeps signing through the overlap; others may not', async () => {
    const viewer = w.pages.viewer;
    await viewer.goto(`${w.base}/portal/developers`);
    // before: one secret, made with the partner, no overlap
    const [first] = (await partnerDoc()).webhookSecrets;
    expect(await viewer.locator('#secret-since').textContent()).to.equal(formatDateTime(first.createdAt, en));
    expect(await viewer.locator('#previous-secret-until').textContent()).to.equal(en.noOverlap);
    expect(await viewer.getByRole('button', { name: 'Rotate the secret' }).count()).to.equal(0);
    expect((await postForm(w.h.t, viewer, '/portal/developers/rotate-webhook-secret', { csrf: await csrfOf(viewer), grace: '24h' })).status).to.equal(403);
    const operator = w.pages.operator;
    await operator.goto(`${w.base}/portal/developers`);
    expect((await postForm(w.h.t, operator, '/portal/developers/rotate-webhook-secret', { csrf: await csrfOf(operator), grace: '24h' })).status).to.equal(403);
    const owner = w.pages.owner;
    await owner.goto(`${w.base}/portal/developers`);
    await owner.getByLabel('Overlap').selectOption('1h');
    await owner.getByRole('button', { name: 'Rotate the secret' }).click();
    const secret = (await owner.locator('#new-secret').textContent())!.trim();
    expect(secret).to.match(/^whsec_/);
    const partner = await w.h.t.api.modules.auth.admin.get(w.h.partner.username);
    expect(partner.webhookSecrets).to.equal(2);
    expect(await owner.locator('#live-secrets').textContent()).to.equal('2');
    // a reload of the POST (the browser sends the same form again) does not rotate twice
    await owner.reload();
    expect(await owner.locator('#new-secret').count()).to.equal(0);
    expect(await owner.getByText('This form was already sent').count()).to.equal(1);
    expect((await w.h.t.api.modules.auth.admin.get(w.h.partner.username)).webhookSecrets).to.equal(2);
    // after: the new secret's time, and the old one's end of overlap, on every user's page
    const [current, previous] = (await partnerDoc()).webhookSecrets;
    await viewer.reload();
    expect(await viewer.locator('#secret-since').textContent()).to.equal(formatDateTime(current.createdAt, en));
    expect(await viewer.locator('#previous-secret-until').textContent()).to.equal(formatDateTime(previous.expiresAt, en));
    expect(previous.expiresAt.getTime() - current.createdAt.getTime()).to.equal(3_600_000);
    await noSecretIn((await viewer.content())!);
  });
});
