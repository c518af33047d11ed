import { expect } from 'chai';
import type { AttemptRecord, DeliveryDoc } from './delivery.model.js';
import { endpointHealth, lowestIdAt } from './endpoint-health.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, s));
const attempt = (s: number, outcome: AttemptRecord['outcome'], durationMs: number, statusCode?: number): AttemptRecord => ({
  round: 0,
  attempt: 1,
  outcome,
  startedAt: at(s),
  finishedAt: at(s),
  durationMs,
  ...(statusCode ? { statusCode } : {}),
});
const doc = (url: string, state: DeliveryDoc['state'], attempts: AttemptRecord[]): DeliveryDoc => ({
  _id: 'x',
  version: 1,
  partnerId: 'p',
  webhookId: 'w',
  kind: 'APPLICATION',
  url,
  payload: '{}',
  sourceEventId: 'e',
  key: 'k',
  notificationCreatedAt: at(0),
  createdAt: at(0),
  updatedAt: at(0),
  round: 0,
  lastAttempt: attempts.length,
  state,
  attemptCount: attempts.length,
  attempts: Object.fromEntries(attempts.map((a, i) => [`r0a${i + 1}`, a])),
  nextAttemptAt: null,
  deliveredAt: null,
  deadLetteredAt: null,
});

describe('endpoint health', () => {
  it('when attempts succeed and fail, then the rate counts attempts in the window, latency the acknowledged ones, and the newest failure is named', () => {
    const [h] = endpointHealth(
      [
        doc('https://a', 'DELIVERED', [attempt(1, 'HTTP_ERROR', 50, 503), attempt(5, 'ACKNOWLEDGED', 20)]),
        doc('https://a', 'DEAD_LETTERED', [attempt(2, 'TIMEOUT', 10_000), attempt(0, 'ACKNOWLEDGED', 999)]),
      ],
      at(1),
    );
    expect(h).to.deep.include({
      url: 'https://a',
      deliveries: 2,
      delivered: 1,
      deadLettered: 1,
      failing: 0,
      successRate: 1 / 3,
      latencyP50Ms: 20,
      latencyP95Ms: 20,
    });
    expect(h!.lastFailure).to.deep.equal({ at: at(2), outcome: 'TIMEOUT' });
    expect(h).to.deep.include({ status: 'HEALTHY', recoveredAt: at(5) });
  });

  it('when the newest attempts fail, then the endpoint is failing since the first of them; when one is acknowledged after, it is healthy again', () => {
    const failing = [
      doc('https://b', 'DELIVERED', [attempt(1, 'ACKNOWLEDGED', 20)]),
      doc('https://b', 'RETRY_SCHEDULED', [attempt(3, 'HTTP_ERROR', 50, 503), attempt(7, 'TIMEOUT', 10_000)]),
      doc('https://b', 'DEAD_LETTERED', [attempt(4, 'NETWORK_ERROR', 5), attempt(6, 'HTTP_ERROR', 40, 500)]),
    ];
    const [h] = endpointHealth(failing, at(0));
    expect(h).to.deep.include({ status: 'FAILING', failingSince: at(3) });
    expect(h).not.to.have.property('recoveredAt');
    const [back] = endpointHealth([...failing, doc('https://b', 'DELIVERED', [attempt(9, 'ACKNOWLEDGED', 30)])], at(0));
    expect(back).to.deep.include({ status: 'HEALTHY', recoveredAt: at(9) });
    expect(back!.successRate).to.equal(2 / 6);
    expect(back).not.to.have.property('failingSince');
    const [quiet] = endpointHealth([doc('https://c', 'DELIVERED', [attempt(1, 'ACKNOWLEDGED', 20)])], at(2));
    expect(quiet).not.to.have.property('status');
    const [fine] = endpointHealth([doc('https://c', 'DELIVERED', [attempt(1, 'ACKNOWLEDGED', 20)])], at(0));
    expect(fine).to.deep.include({ status: 'HEALTHY' }).and.not.have.property('recoveredAt');
  });

  it('when a time is given, then the lowest delivery id of that millisecond sorts below every id of it and above every earlier one', () => {
    const id = lowestIdAt(new Date(0x018f_0000_0000));
    expect(id).to.equal('018f0000-0000-0000-0000-000000000000');
    expect('018f0000-0000-7fff-8000-000000000000' > id).to.equal(true);
    expect('018effff-ffff-7fff-bfff-ffffffffffff' < id).to.equal(true);
  });
});
