import { expect } from 'chai';
import { LANE_SILENCE_MS, relayLiveness, relayReadiness } from './relay.health.js';

const lane = (over: Partial<{ topic: string; joined: boolean; assignedPartitions: number; lastBeatAt: number; crashed: boolean; stopping: boolean }> = {}) => ({
  topic: 'pf.notifications',
  joined: true,
  assignedPartitions: 2,
  lastBeatAt: 1_000_000,
  crashed: false,
  stopping: false,
  ...over,
});

describe('relay health', () => {
  it('when every lane is in its group, then ready, even a lane with no partition (a stand-by relay)', () => {
    const r = relayReadiness([lane(), lane({ topic: 'pf.retry.1m', assignedPartitions: 0 })]);
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.include({ status: 'UP' });
  });

  it('when a lane has not joined (starting, rebalancing) or crashed, then not ready, naming it; when stopping, then DRAINING', () => {
    const starting = relayReadiness([lane(), lane({ topic: 'pf.redeliveries', joined: false })]);
    expect(starting.status).to.equal(503);
    expect(starting.body).to.deep.include({ status: 'STARTING', notJoined: ['pf.redeliveries'] });
    expect(relayReadiness([lane({ crashed: true })]).status).to.equal(503);
    const draining = relayReadiness([lane({ stopping: true })]);
    expect(draining.status).to.equal(503);
    expect(draining.body).to.deep.include({ status: 'DRAINING' });
  });

  it('when a topic of the relay is missing (KAFKA_TOPICS=check), then not ready with TOPICS_MISSING naming it; none missing or unknown: ready', () => {
    const r = relayReadiness([lane()], ['pf.notifications']);
    expect(r.status).to.equal(503);
    expect(r.body).to.deep.include({ status: 'TOPICS_MISSING' });
    expect((r.body.errors as Array<{ code: string; message: string }>)[0]).to.include({ code: 'TOPICS_MISSING' });
    expect((r.body.errors as Array<{ code: string; message: string }>)[0]!.message).to.include('pf.notifications');
    expect(relayReadiness([lane()], []).status).to.equal(200);
    expect(relayReadiness([lane()], undefined).status).to.equal(200);
  });

  it('when a joined lane shows no sign of life for longer than the silence limit, or crashed for good, then not live; a lane still joining is not a failure', () => {
    const now = 1_000_000 + LANE_SILENCE_MS;
    expect(relayLiveness([lane()], now).status).to.equal(200);
    const stuck = relayLiveness([lane({ lastBeatAt: now }), lane({ topic: 'pf.retry.5m', lastBeatAt: 999_999 })], now + 1);
    expect(stuck.status).to.equal(503);
    expect(stuck.body).to.deep.equal({ status: 'DOWN', stuck: ['pf.retry.5m'] });
    expect(relayLiveness([lane({ crashed: true })], 1_000_001).status).to.equal(503);
    expect(relayLiveness([lane({ joined: false, lastBeatAt: 0 })], now * 10).status).to.equal(200);
  });
});
