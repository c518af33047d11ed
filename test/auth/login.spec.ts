import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';

describe('partner login and bearer tokens', () => {
  let t: TestApi;
  let partner: TestPartner;
  before(async () => {
    t = await startTestApi();
    partner = await provisionPartner(t);
  });
  after(async () => {
    await t?.stop();
  });

  it('when the credentials are right, then a 30+ character token valid for 7200 s', async () => {
    const res = await t.client.post('/authentication/v1/partner', { username: partner.username, password: partner.password });
    expect(res.status).to.equal(200);
    expect(res.body.expiresIn).to.equal(7200);
    expect(res.body.accessToken).to.be.a('string').with.length.above(29);
    expect(res.headers['cache-control']).to.equal('no-store');
  });

  it('when the password is wrong, then 400 INVALID_CREDENTIALS', async () => {
    const res = await t.client.post('/authentication/v1/partner', { username: partner.username, password: 'nope' });
    expect(res.status).to.equal(400);
    expect(res.body.errors[0]).to.include({ code: 'INVALID_CREDENTIALS', severity: 'ERROR' });
  });

  it('when the username is unknown, then the same 400 INVALID_CREDENTIALS', async () => {
    const res = await t.client.post('/authentication/v1/partner', { username: 'nobody-here', password: 'x' });
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].code).to.equal('INVALID_CREDENTIALS');
  });

  it('when the body misses the password, then 400 INVALID_REQUEST naming it', async () => {
    const res = await t.client.post('/authentication/v1/partner', { username: 'x' });
    expect(res.status).to.equal(400);
    expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'password' });
  });
});

describe('login throttling per username and per client address', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi({ TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_USERNAME: '3', LOGIN_MAX_FAILURES_PER_CLIENT: '4' });
  });
  after(async () => {
    await t?.stop();
  });

  const login = (body: object, clientIp: string) => t.client.post('/authentication/v1/partner', body, { headers: { 'X-Forwarded-For': clientIp } });

  it('when the login body has a field the endpoint does not know, then 400 INVALID_REQUEST naming it', async () => {
    const res = await login({ username: 'someone', password: 'whatever-long', scope: 'admin' }, '198.51.100.1');
    expect(res.status).to.equal(400);
    expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'scope' });
  });

  it('when logins succeed, then they do not count toward the limit', async () => {
    const p = await provisionPartner(t);
    for (let i = 0; i < 6; i++) expect((await login({ username: p.username, password: p.password }, '198.51.100.2')).status).to.equal(200);
  });

  it('when one username fails past its limit from many addresses, then 429 for it from any address, other usernames unaffected', async () => {
    const p = await provisionPartner(t);
    const other = await provisionPartner(t);
    for (let i = 0; i < 3; i++) expect((await login({ username: p.username, password: 'wrong-password' }, `203.0.113.${i + 10}`)).status).to.equal(400);
    const blocked = await login({ username: p.username, password: p.password }, '203.0.113.99');
    expect(blocked.status).to.equal(429);
    expect(blocked.body.errors[0]).to.include({ code: 'TOO_MANY_LOGIN_ATTEMPTS', severity: 'ERROR' });
    expect(Number(blocked.headers['retry-after'])).to.be.within(1, 900);
    expect((await login({ username: other.username, password: other.password }, '203.0.113.99')).status).to.equal(200);
  });

  it('when one address fails past its limit over many usernames, then 429 for that address only', async () => {
    const p = await provisionPartner(t);
    for (let i = 0; i < 4; i++) expect((await login({ username: `nobody-${i}`, password: 'wrong-password' }, '192.0.2.50')).status).to.equal(400);
    expect((await login({ username: p.username, password: p.password }, '192.0.2.50')).status).to.equal(429);
    expect((await login({ username: p.username, password: p.password }, '192.0.2.51')).status).to.equal(200);
  });

  it("when a client puts a fake address before the proxy's in X-Forwarded-For, then the proxy's entry counts", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await login({ username: `spoof-${i}`, password: 'wrong-password' }, `10.9.9.${i}, 192.0.2.77`)).status).to.equal(400);
    }
    expect((await login({ username: 'spoof-x', password: 'wrong-password' }, '10.1.1.1, 192.0.2.77')).status).to.equal(429);
  });
});

describe('login throttling does not let a stranger lock a partner out (default limits)', () => {
  let t: TestApi;
  before(async () => {
    t = await startTestApi({ TRUST_PROXY: 'true' });
  });
  after(async () => {
    await t?.stop();
  });
  const login = (body: object, clientIp: string) => t.client.post('/authentication/v1/partner', body, { headers: { 'X-Forwarded-For': clientIp } });

  it('when a stranger sends wrong passwords for a partner from one address, then the stranger is slowed and refused while the partner logs in from its own address', async () => {
    const p = await provisionPartner(t);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await login({ username: p.username, password: 'wrong-password' }, '203.0.113.200')).status);
    expect(statuses.slice(0, 3)).to.deep.equal([400, 400, 400]);
    expect(statuses.slice(3)).to.satisfy((rest: number[]) => rest.every((s) => s === 429));
    const refused = await login({ username: p.username, password: p.password }, '203.0.113.200');
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers['retry-after'])).to.be.at.least(1);
    expect((await login({ username: p.username, password: p.password }, '198.51.100.200')).status).to.equal(200);
  });
});
