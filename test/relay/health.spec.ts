import { expect } from 'chai';
import http from 'node:http';
import { startTestApi, type TestApi } from '../support/api.js';
import { waitFor } from '../support/wait.js';
import type { Relay } from '../../relay/create-relay.js';
import { startTestRelay } from './support/relay.js';

function get(port: number, path: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

/** The relay's own probes on its metrics listener, against a real Kafka group. */
describe('relay health: readiness when its lanes are in their groups, liveness while their loops run', function () {
  this.timeout(120_000);
  let t: TestApi;
  let relay: Relay | undefined;
  before(async () => {
    t = await startTestApi();
  });
  after(async () => {
    await relay?.stop();
    await t?.stop();
  });

  it('when the relay has started, then /health/ready turns 200 once every lane joined its group and /health/live is 200; on stop, readiness says DRAINING before the listener goes', async () => {
    relay = await startTestRelay(t.config);
    const port = relay.metricsPort;
    const ready = await waitFor(
      'the relay to be ready',
      async () => {
        const r = await get(port, '/health/ready');
        return r.status === 200 && r;
      },
      { maxWait: 60_000, interval: 250 },
    );
    expect(ready.body.status).to.equal('UP');
    expect(ready.body.lanes.length, 'the notification, redelivery and retry lanes').to.be.greaterThan(2);
    expect(ready.body.lanes.every((l: { joined: boolean }) => l.joined)).to.equal(true);
    expect(
      ready.body.lanes.reduce((a: number, l: { assignedPartitions: number }) => a + l.assignedPartitions, 0),
      'a single relay holds every partition',
    ).to.be.greaterThan(0);
    const live = await get(port, '/health/live');
    expect(live).to.deep.equal({ status: 200, body: { status: 'UP' } });
    expect((await get(port, '/nothing')).status).to.equal(404);

    const stopping = relay.stop();
    const draining = await waitFor(
      'readiness to say DRAINING',
      async () => {
        const r = await get(port, '/health/ready').catch(() => undefined);
        return r?.status === 503 && r;
      },
      { maxWait: 5_000, interval: 20 },
    );
    expect(draining.body.status).to.equal('DRAINING');
    await stopping;
    relay = undefined;
  });
});
