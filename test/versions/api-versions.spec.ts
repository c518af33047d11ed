import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { CURRENT_API_VERSION, PUBLISHED_API_VERSION } from '../../versions/index.js';

/**
 * Dated API versions at the edge: every answer names its version, a request may ask for
 * one, a partner is pinned to one, and an unknown one is refused naming the header.
 */
describe('API versions', function () {
  this.timeout(60_000);
  let t: TestApi;
  let current: TestPartner;
  let pinned: TestPartner;
  before(async () => {
    t = await startTestApi();
    current = await provisionPartner(t);
    pinned = await provisionPartner(t, { apiVersion: PUBLISHED_API_VERSION });
  });
  after(async () => {
    await t?.stop();
  });

  it('when no version is asked before a partner is known, then the current version answers and says so', async () => {
    const res = await t.client.get('/v1/health');
    expect(res.headers['api-version']).to.equal(CURRENT_API_VERSION);
    expect(res.body).to.have.property('status');
  });

  it('when the published version is asked, then health answers the published shape and names it', async () => {
    const res = await t.client.get('/v1/health', { headers: { 'Api-Version': PUBLISHED_API_VERSION } });
    expect(res.status).to.equal(200);
    expect(res.headers['api-version']).to.equal(PUBLISHED_API_VERSION);
    expect(Object.keys(res.body)).to.deep.equal(['projectVersion']);
  });

  it('when an unknown version is asked, then 400 INVALID_REQUEST naming the header, on any route', async () => {
    for (const [path, version] of [
      ['/v1/health', '2024-01-01'],
      ['/financing/v1/applications/00000000-0000-7000-8000-000000000000', 'latest'],
    ] as const) {
      const res = await t.client.get(path, { token: current.token, headers: { 'Api-Version': version } });
      expect(res.status).to.equal(400);
      expect(res.body.errors[0]).to.include({ code: 'INVALID_REQUEST', attribute: 'Api-Version' });
    }
  });

  it('when a partner is pinned, then its answers carry its version unless a request asks for another', async () => {
    const path = '/financing/v1/applications/00000000-0000-7000-8000-000000000000';
    expect((await t.client.get(path, { token: pinned.token })).headers['api-version']).to.equal(PUBLISHED_API_VERSION);
    expect((await t.client.get(path, { token: current.token })).headers['api-version']).to.equal(CURRENT_API_VERSION);
    expect((await t.client.get(path, { token: pinned.token, headers: { 'Api-Version': CURRENT_API_VERSION } })).headers['api-version']).to.equal(
      CURRENT_API_VERSION,
    );
  });

  it('when a partner is created, then it is pinned to the current version; the admin can pin another and refuses an unknown one', async () => {
    expect(current.apiVersion).to.equal(CURRENT_API_VERSION);
    const admin = t.api.modules.auth.admin;
    expect((await admin.setApiVersion(current.username, PUBLISHED_API_VERSION)).apiVersion).to.equal(PUBLISHED_API_VERSION);
    let err: unknown;
    try {
      await admin.setApiVersion(current.username, '1999-01-01');
    } catch (e) {
      err = e;
    }
    expect(err).to.have.property('code', 'INVALID_REQUEST');
  });
});
