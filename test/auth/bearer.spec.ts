import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { rotateSigningKey } from '../../modules/auth/tokens.js';
import { MongoAuthRepository } from '../../modules/auth/auth.repository.js';

const LOGIN = '/authentication/v1/partner';
const UNKNOWN_APP = '/financing/v1/applications/0190d3f0-0000-7000-8000-000000000000';

/** 401 of an existing token, waited for: other instances see a change within AUTH_CACHE_TTL. */
function refusedWithin(t: TestApi, token: string, maxWait: number) {
  return waitFor(
    'the token to be refused',
    async () => {
      const r = await t.client.get(UNKNOWN_APP, { token });
      return r.status === 401 && r;
    },
    { maxWait, interval: 50 },
  );
}

describe('bearer tokens: shape of refusals, key rotation, revocation across instances', () => {
  let t: TestApi;
  let other: TestApi; // a second API instance on the same database
  let partner: TestPartner;
  before(async () => {
    t = await startTestApi({ AUTH_CACHE_TTL: '500ms' });
    other = await startTestApi({ AUTH_CACHE_TTL: '500ms', MONGO_DB: t.config.store.db, KAFKA_TOPIC_PREFIX: t.config.kafka.topicPrefix });
    partner = await provisionPartner(t);
  });
  after(async () => {
    await other?.stop();
    await t?.stop();
  });

  it('when a valid token is sent, then the request passes the perimeter (404 of the unknown resource, not 401)', async () => {
    const res = await t.client.get(UNKNOWN_APP, { token: partner.token });
    expect(res.status).to.equal(404);
  });

  for (const [label, header] of [
    ['a Basic credential', 'Basic dXNlcjpwYXNz'],
    ['"Bearer" without a token', 'Bearer'],
    ['a token with spaces', 'Bearer abc def'],
  ] as const) {
    it(`when the Authorization header holds ${label}, then 401 invalid_request with WWW-Authenticate naming it`, async () => {
      const res = await t.client.get(UNKNOWN_APP, { headers: { Authorization: header } });
      expect(res.status).to.equal(401);
      expect(res.body.error).to.equal('invalid_request');
      expect(res.headers['www-authenticate']).to.match(/^Bearer realm="partner-financing", error="invalid_request", error_description="[^"]+"$/);
      expect(res.headers['cache-control']).to.equal('no-store');
    });
  }

  it('when a token is garbage, then 401 invalid_token', async () => {
    const res = await t.client.get(UNKNOWN_APP, { token: 'x'.repeat(40) });
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal({ error: 'invalid_token', error_description: 'The access token is invalid.' });
  });

  it('when an unknown path under /financing is asked without a token, then 401, not 404 (no anonymous probing)', async () => {
    const res = await t.client.get('/financing/v1/no-such-thing');
    expect(res.status).to.equal(401);
    expect((await t.client.get('/FINANCING//v1/no-such-thing')).status).to.equal(401);
  });

  it('when the signing key is rotated, then new logins get the new kid and tokens under the old kid keep working on every instance', async () => {
    const before = JSON.parse(Buffer.from(partner.token.split('.')[0]!, 'base64url').toString());
    const { kid } = await rotateSigningKey(new MongoAuthRepository(t.api.runtime.db, t.api.runtime.secrets), new Date());
    expect(kid).not.to.equal(before.kid);
    const login = await waitFor(
      'a login signed with the new key',
      async () => {
        const r = await t.client.post(LOGIN, { username: partner.username, password: partner.password });
        return JSON.parse(Buffer.from(r.body.accessToken.split('.')[0], 'base64url').toString()).kid === kid && r;
      },
      { maxWait: 5000 },
    );
    expect((await other.client.get(UNKNOWN_APP, { token: login.body.accessToken })).status).to.equal(404);
    expect((await other.client.get(UNKNOWN_APP, { token: partner.token })).status).to.equal(404);
    expect((await t.client.get(UNKNOWN_APP, { token: partner.token })).status).to.equal(404);
  });

  it('when the partner is disabled on one instance, then its tokens are refused on the other within the cache bound, and login fails', async () => {
    const p = await provisionPartner(t);
    const seen = await other.client.get(UNKNOWN_APP, { token: p.token });
    expect(seen.status, seen.text).to.equal(404); // cached there now
    await t.api.modules.auth.admin.disable(p.username);
    const started = Date.now();
    const res = await refusedWithin(other, p.token, 2000);
    expect(Date.now() - started).to.be.below(1500);
    expect(res.body).to.deep.include({ error: 'invalid_token' });
    const login = await t.client.post(LOGIN, { username: p.username, password: p.password });
    expect(login.status).to.equal(400);
    expect(login.body.errors[0].code).to.equal('INVALID_CREDENTIALS');
    await t.api.modules.auth.admin.enable(p.username);
    expect((await t.client.post(LOGIN, { username: p.username, password: p.password })).status).to.equal(200);
    expect((await t.client.get(UNKNOWN_APP, { token: p.token })).status).to.equal(401); // old tokens stay revoked
  });

  it('when the password is rotated, then every older token is refused everywhere and only the new password logs in', async () => {
    const p = await provisionPartner(t);
    expect((await other.client.get(UNKNOWN_APP, { token: p.token })).status).to.equal(404);
    await t.api.modules.auth.admin.rotatePassword(p.username, 'a-brand-new-long-password');
    await refusedWithin(other, p.token, 2000);
    expect((await t.client.post(LOGIN, { username: p.username, password: p.password })).status).to.equal(400);
    const fresh = await t.client.post(LOGIN, { username: p.username, password: 'a-brand-new-long-password' });
    expect(fresh.status).to.equal(200);
    expect((await other.client.get(UNKNOWN_APP, { token: fresh.body.accessToken })).status).to.equal(404);
  });

  it("when one token is revoked, then the partner's other tokens keep working", async () => {
    const p = await provisionPartner(t);
    const second = (await t.client.post(LOGIN, { username: p.username, password: p.password })).body.accessToken;
    await t.api.modules.auth.revokeExposedToken(p.token);
    await refusedWithin(other, p.token, 2000);
    expect((await other.client.get(UNKNOWN_APP, { token: second })).status).to.equal(404);
  });
});
