import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { runOps } from '../support/partners-cli.js';
import { waitFor } from '../support/wait.js';
import { API_MIGRATIONS } from '../../api/migrations.js';

/**
 * Production order: the migration Job (`ops migrate apply`) runs before the new pods. An API
 * started against a store that lacks steps (MIGRATIONS=check, the production default) stays
 * out of rotation, naming what is missing, builds no index itself, and becomes ready by
 * itself once an operator or the Job has applied them.
 */
describe('migrations: an API started before them is NOT_READY until `ops migrate apply`', function () {
  this.timeout(120_000);
  let t: TestApi;
  before(async () => {
    t = await startTestApi({ MIGRATIONS: 'check' });
  });
  after(async () => {
    await t?.stop();
  });

  it('answers readiness and requests with a retryable 503 NOT_READY naming the missing steps; after ops migrate apply it is ready', async () => {
    const health = await t.client.get('/v1/health');
    expect(health.status).to.equal(503);
    expect(health.body.status).to.equal('NOT_READY');
    expect(health.body.errors[0]).to.deep.include({ code: 'NOT_READY', severity: 'ERROR' });
    for (const m of API_MIGRATIONS) expect(health.body.errors[0].message).to.contain(m.id);
    expect((await t.client.get('/v1/health/live')).status, 'alive all the same').to.equal(200);

    const request = await t.client.post('/financing/v1/auth/login', { username: 'nobody', password: 'x' });
    expect(request.status).to.equal(503);
    expect(request.headers['retry-after']).to.equal('5');
    expect(request.body.errors[0].code).to.equal('NOT_READY');
    // it built nothing itself: the store has no migration record and no service index
    expect(await t.api.runtime.db.collection('schema_migrations').countDocuments()).to.equal(0);
    const partnerIndexes = await t.api.runtime.db
      .collection('partners')
      .indexes()
      .catch(() => []);
    expect(partnerIndexes.map((i) => i.name)).to.not.include('username_1');

    const status = await runOps(t.config, ['migrate', 'status']);
    expect(status.code, status.stderr).to.equal(1);
    expect(status.json.pending).to.include('applications-0001-indexes');

    const applied = await runOps(t.config, ['migrate', 'apply']);
    expect(applied.code, applied.stderr).to.equal(0);
    expect(applied.json.applied).to.include.members(API_MIGRATIONS.map((m) => m.id));

    const ready = await waitFor('readiness after the migrations', async () => {
      const res = await t.client.get('/v1/health');
      return res.status === 200 && res;
    });
    expect(ready.body.status).to.be.oneOf(['UP', 'DEGRADED']);
    expect((await t.client.post('/financing/v1/auth/login', { username: 'nobody', password: 'x' })).status).to.equal(401);
    const again = await runOps(t.config, ['migrate', 'status']);
    expect(again.code).to.equal(0);
    expect(again.json.pending).to.deep.equal([]);
  });
});
