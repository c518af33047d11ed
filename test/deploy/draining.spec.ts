import { expect } from 'chai';
import { ApiProcess } from '../support/api-process.js';
import { testConfig } from '../support/config.js';
import { waitFor } from '../support/wait.js';

/**
 * A rollout without dropped requests: after SIGTERM the API first leaves rotation (readiness
 * answers 503 DRAINING, as a Kubernetes endpoint controller or a load balancer's health check
 * sees it) while it still answers every other request for SHUTDOWN_DELAY, telling kept-alive
 * clients to reconnect elsewhere; then it stops listening, drains and exits 0.
 */
describe('draining: SIGTERM takes the API out of rotation before it stops answering', function () {
  this.timeout(120_000);
  let api: ApiProcess;
  before(async () => {
    api = new ApiProcess(testConfig(), { SHUTDOWN_DELAY: '3s' });
    await api.prepare();
    api.start();
    await api.healthy();
  });
  after(async () => {
    await api?.dispose();
  });

  it('when SIGTERM arrives, then readiness answers 503 DRAINING at once while other requests get their answers with Connection: close; after the delay it stops listening and exits 0', async () => {
    expect((await api.client.get('/v1/health')).status).to.equal(200);
    const started = Date.now();
    const exited = api.stop('SIGTERM');
    const ready = await waitFor(
      'readiness to answer 503',
      async () => {
        const res = await api.client.get('/v1/health', { timeoutMs: 1000 });
        return res.status === 503 && res;
      },
      { maxWait: 2_000, interval: 50 },
    );
    expect(ready.body).to.deep.include({ status: 'DRAINING' });
    expect(ready.body.errors[0]).to.deep.include({ code: 'DRAINING', severity: 'ERROR' });
    expect(ready.headers['retry-after']).to.equal('5');
    // still serving: liveness, and a request of the API itself
    const live = await api.client.get('/v1/health/live');
    expect(live.status).to.equal(200);
    expect(live.headers.connection).to.equal('close');
    const doc = await api.client.get('/openapi.json');
    expect(doc.status).to.equal(200);
    expect(Date.now() - started, 'answered within the delay').to.be.lessThan(3_000);
    expect(await exited, `exit code\n${api.log.slice(-2000)}`).to.equal(0);
    expect(Date.now() - started, 'the listener stayed open for the delay').to.be.at.least(3_000);
    const after = await api.client.get('/v1/health/live', { timeoutMs: 1000 }).then(
      (r) => r.status,
      (err: Error) => err.message,
    );
    expect(after, 'nothing listens after the drain').to.not.equal(200);
  });
});
