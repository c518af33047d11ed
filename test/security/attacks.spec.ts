import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { newId } from '../../platform/ids.js';
import { ManualClock } from '../../platform/clock.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { FREE_FAILURES } from '../../modules/auth/login-throttle.js';
import { plainRequest } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { expectSameAsUnknown } from '../support/tenancy.js';
import type { PerimeterHarness } from './support.js';
import { activeSigningKey, startWithWidgets, signToken, tamperedToken, unsignedToken, widgetName } from './support.js';

const LOGIN = '/authentication/v1/partner';

const probe = (id = newId()) => `/financing/v1/test-widgets/${id}`;

function expectInvalidToken(res: { status: number; body: any; headers: Record<string, any> }, description?: RegExp) {
  expect(res.status).to.equal(401);
  expect(Object.keys(res.body).sort()).to.deep.equal(['error', 'error_description']);
  expect(res.body.error).to.equal('invalid_token');
  if (description) expect(res.body.error_description).to.match(description);
  expect(res.headers['www-authenticate']).to.match(/^Bearer realm="[^"]+", error="invalid_token", error_description="[^"]+"$/);
}

/**
 * Each attack the perimeter must refuse, against the real API, store and Kafka, with the
 * documented refusal asserted. The API runs on a manual clock that a test may move to the
 * start of a minute, so a burst never straddles two rate-limit windows and nothing waits
 * for the wall clock.
 */
describe('security: the attacks the perimeter must refuse', () => {
  let t: TestApi;
  let h: PerimeterHarness;
  let a: TestPartner;
  let b: TestPartner;
  let clock: ManualClock;
  before(async () => {
    // made when the suite runs, not when mocha loads every file: the tokens signed here by
    // the wall clock must agree with the API's time
    clock = new ManualClock(Math.ceil(Date.now() / 60_000) * 60_000);
    t = await startTestApi({ LOGIN_MAX_FAILURES_PER_USERNAME: '5', LOGIN_MAX_FAILURES_PER_CLIENT: '40', RATE_LIMIT_PER_MINUTE: '50' }, { clock });
    h = await startWithWidgets(t);
    [a, b] = await Promise.all([provisionPartner(t), provisionPartner(t)]);
  });
  after(async () => {
    await h?.close();
    await t?.stop();
  });

  describe('forged tokens', () => {
    it('when a token is signed with a guessed key under the real kid, then 401 invalid_token', async () => {
      const { kid } = await activeSigningKey(t);
      const forged = await signToken({ sub: a.id, kid, secret: randomBytes(32) });
      expectInvalidToken(await h.client.get(probe(), { token: forged }), /invalid/);
    });

    it('when the payload of a real token is changed to another partner, then 401 invalid_token', async () => {
      expectInvalidToken(await h.client.get(probe(), { token: tamperedToken(a.token, b.id) }), /invalid/);
    });

    it('when a token names a key id the service never had, then 401 invalid_token', async () => {
      const forged = await signToken({ sub: a.id, kid: 'k-made-up', secret: randomBytes(32) });
      expectInvalidToken(await h.client.get(probe(), { token: forged }));
    });

    it('when a token says alg none and carries no signature, then 401 invalid_token', async () => {
      expectInvalidToken(await h.client.get(probe(), { token: unsignedToken(a.token) }), /invalid/);
    });

    it('when a token signed with the real key has expired, then 401 invalid_token saying it expired', async () => {
      const { kid, secret } = await activeSigningKey(t);
      const expired = await signToken({ sub: a.id, kid, secret, iatOffsetSeconds: -7300, ttlSeconds: 7200, nowMs: clock.now().getTime() });
      expectInvalidToken(await h.client.get(probe(), { token: expired }), /expired/);
    });

    it('when no token is sent, then 401 invalid_request and a WWW-Authenticate challenge without an error code', async () => {
      const res = await h.client.get(probe());
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ error: 'invalid_request', error_description: res.body.error_description });
      expect(res.body.error_description).to.match(/missing/);
      expect(res.headers['www-authenticate']).to.match(/^Bearer realm="[^"]+"$/);
    });
  });

  describe('cross-partner access', () => {
    let widgetOfA: string;
    before(async () => {
      const res = await h.client.post('/financing/v1/test-widgets', { name: 'mine' }, { token: a.token });
      expect(res.status).to.equal(201);
      widgetOfA = res.body.id;
    });

    it("when partner B reads partner A's document, then 404 exactly as for an unknown id", async () => {
      const own = await h.client.get(probe(widgetOfA), { token: a.token });
      expect(own.status).to.equal(200);
      const unknownId = newId();
      const foreign = await h.client.get(probe(widgetOfA), { token: b.token });
      const unknown = await h.client.get(probe(unknownId), { token: b.token });
      expectSameAsUnknown(foreign, unknown, [widgetOfA, unknownId]);
    });

    it("when partner B changes partner A's document, then 404 exactly as for an unknown id and nothing changes", async () => {
      const unknownId = newId();
      const foreign = await h.client.put(probe(widgetOfA), { name: 'stolen' }, { token: b.token });
      const unknown = await h.client.put(probe(unknownId), { name: 'stolen' }, { token: b.token });
      expectSameAsUnknown(foreign, unknown, [widgetOfA, unknownId]);
      expect(await widgetName(t, widgetOfA)).to.equal('mine');
    });
  });

  describe('plain HTTP', () => {
    it('when the login is sent over plain HTTP, then 403 HTTPS_REQUIRED and no token', async () => {
      const res = await plainRequest(`${t.plainUrl}${LOGIN}`, 'POST', { body: { username: a.username, password: a.password } });
      expect(res.status).to.equal(403);
      expect(res.body.errors[0]).to.include({ code: 'HTTPS_REQUIRED', severity: 'ERROR' });
      expect(res.text).not.to.include('accessToken');
    });

    it('when a token is sent over plain HTTP, then 403 HTTPS_REQUIRED and the token is revoked on HTTPS too', async () => {
      const victim = await provisionPartner(t);
      expect((await h.client.get(probe(), { token: victim.token })).status).to.equal(404);
      const res = await plainRequest(`${h.plainUrl}${probe()}`, 'GET', { token: victim.token });
      expect(res.status).to.equal(403);
      expect(res.body.errors[0].code).to.equal('HTTPS_REQUIRED');
      let after = await h.client.get(probe(), { token: victim.token });
      for (let i = 0; i < 50 && after.status !== 401; i++) after = await h.client.get(probe(), { token: victim.token });
      expectInvalidToken(after, /revoked/);
    });
  });

  describe('password guessing', () => {
    it('when a burst of wrong passwords hits one username from one address, then only the free tries are checked and the rest get 429 with Retry-After', async () => {
      const target = await provisionPartner(t);
      const burst = await Promise.all(Array.from({ length: 9 }, (_, i) => t.client.post(LOGIN, { username: target.username, password: `guess-number-${i}` })));
      const statuses = burst.map((r) => r.status).sort();
      // a parallel burst cannot slip past the backoff: after the free failures, every try waits
      expect(statuses.filter((s) => s === 400)).to.have.length(FREE_FAILURES);
      expect(statuses.filter((s) => s === 429)).to.have.length(9 - FREE_FAILURES);
      const refused = burst.find((r) => r.status === 429)!;
      expect(refused.body.errors[0]).to.include({ code: 'TOO_MANY_LOGIN_ATTEMPTS', severity: 'ERROR' });
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 900);
      // the right password no longer helps until the window ends: guessing gains nothing
      const right = await t.client.post(LOGIN, { username: target.username, password: target.password });
      expect(right.status).to.equal(429);
      // another partner logs in as usual
      expect((await t.client.post(LOGIN, { username: a.username, password: a.password })).status).to.equal(200);
    });
  });

  describe('flooding', () => {
    it('when a body of 11 MB is sent, then 400 with an errors body naming the limit, and the connection still answers', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) });
      const res = await h.client.post('/financing/v1/test-widgets', undefined, { raw: big, token: a.token, timeoutMs: 60_000 });
      expect(res.status).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', severity: 'ERROR' });
      expect(res.body.errors[0].message).to.match(/10 MB/);
      expect((await h.client.get('/v1/test-widgets-nothing')).status).to.equal(404);
    });

    it('when a partner sends more requests than its per-minute quota, then 429 with an errors body and the rate-limit headers', async () => {
      const flooder = await provisionPartner(t);
      await clock.advance(60_000 - (clock.now().getTime() % 60_000));
      const results = await Promise.all(Array.from({ length: 60 }, () => h.client.get(probe(), { token: flooder.token })));
      const refused = results.filter((r) => r.status === 429);
      expect(results.filter((r) => r.status === 404).length).to.be.at.most(50);
      expect(refused.length).to.be.at.least(10);
      expect(refused[0]!.body.errors[0]).to.include({ code: 'RATE_LIMIT_EXCEEDED', severity: 'ERROR' });
      expect(refused[0]!.headers).to.include({ 'x-rate-limit-limit': '50', 'x-rate-limit-remaining': '0' });
      expect(Number(refused[0]!.headers['x-rate-limit-reset'])).to.be.within(1, 60);
      // another partner is not affected
      expect((await h.client.get(probe(), { token: b.token })).status).to.equal(404);
    });
  });
});
