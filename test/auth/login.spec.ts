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
  after(async () => { await t?.stop(); });

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
