import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { TOKEN_TTL_SECONDS } from '../../modules/auth/tokens.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner } from '../support/partners.js';

const UNKNOWN_APP = '/financing/v1/applications/0190d3f0-0000-7000-8000-000000000000';

describe("access token lifetime on the API's clock (moved, not waited for)", () => {
  const clock = new ManualClock(Date.now());
  let t: TestApi;
  // the expiry sweeper's heartbeat also runs on this clock: a slow one keeps the 2 h move short
  before(async () => {
    t = await startTestApi({ EXPIRY_SWEEP_INTERVAL: '1h', EXPIRY_FULL_SWEEP_INTERVAL: '1h' }, { clock });
  });
  after(async () => {
    await t?.stop();
  });

  it('when the clock passes the token lifetime, then the token that worked a second before is refused as expired, and a new login works', async () => {
    const p = await provisionPartner(t);
    expect((await t.client.get(UNKNOWN_APP, { token: p.token })).status).to.equal(404);
    await clock.advance(TOKEN_TTL_SECONDS * 1000 - 1000);
    expect((await t.client.get(UNKNOWN_APP, { token: p.token })).status).to.equal(404);
    await clock.advance(1000);
    const refused = await t.client.get(UNKNOWN_APP, { token: p.token });
    expect(refused.status).to.equal(401);
    expect(refused.body).to.deep.equal({ error: 'invalid_token', error_description: 'The access token has expired: log in again.' });
    const login = await t.client.post('/authentication/v1/partner', { username: p.username, password: p.password });
    expect((await t.client.get(UNKNOWN_APP, { token: login.body.accessToken })).status).to.equal(404);
  });
});
