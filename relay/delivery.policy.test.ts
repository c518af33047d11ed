import { expect } from 'chai';
import type { NotificationRequest } from '../platform/notifications.js';
import { deliveryIdOf, firstTask, notificationOf } from '../modules/webhooks/delivery.model.js';
import type { AttemptResult, DeliveryDoc, DeliveryTask } from '../modules/webhooks/index.js';
import { precheck, recordAttempt, type RetryPolicy } from './delivery.policy.js';

const policy: RetryPolicy = { delaysMs: [60_000, 300_000, 300_000, 300_000, 300_000] };

const notification: NotificationRequest = {
  id: '0190f0c0-0000-7000-8000-000000000001',
  partnerId: 'p1',
  kind: 'APPLICATION',
  url: 'https://shop.example/hooks',
  body: { id: 'app-1', state: 'READY', stateReason: 'READY_TO_SHIP' },
  sourceEventId: 'e1',
  key: 'app-1',
  createdAt: '2026-01-02T03:04:05.678Z',
};

const t0 = new Date('2026-01-02T03:04:06.000Z');
const result = (outcome: AttemptResult['outcome'], at = t0): AttemptResult => ({ outcome, startedAt: at, finishedAt: new Date(at.getTime() + 25) });

/** Plays the record forward the way the repository applies it. */
function apply(doc: DeliveryDoc | null, task: DeliveryTask, r: AttemptResult) {
  const rec = recordAttempt(doc, task, r, policy, r.finishedAt);
  if (rec.kind === 'insert') return { doc: rec.doc, followUp: rec.followUp };
  if (rec.kind === 'stale') throw new Error('stale');
  const next = structuredClone(doc!) as any;
  for (const [path, value] of Object.entries(rec.set)) {
    const [head, tail] = path.split('.');
    if (tail) next[head!][tail] = value;
    else next[head!] = value;
  }
  next.version++;
  return { doc: next as DeliveryDoc, followUp: rec.followUp };
}

describe('delivery ids and the retry policy', () => {
  it('when the same notification is seen twice, then it gets the same time-ordered delivery id; another endpoint gets another', () => {
    const id = deliveryIdOf(notification);
    expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryIdOf({ ...notification })).to.equal(id);
    expect(deliveryIdOf({ ...notification, url: 'https://other.example/hooks' })).not.to.equal(id);
    const later = deliveryIdOf({ ...notification, id: 'x', createdAt: '2026-01-02T03:04:05.679Z' });
    expect(later > id).to.equal(true);
  });

  it('when the first attempt is acknowledged, then the delivery is DELIVERED with one attempt and no follow-up', () => {
    const { doc, followUp } = apply(null, firstTask(notification, t0), result('ACKNOWLEDGED'));
    expect(doc).to.include({ state: 'DELIVERED', attemptCount: 1, round: 0, lastAttempt: 1, webhookId: notification.id });
    expect(doc.payload).to.equal(JSON.stringify(notification.body));
    expect(followUp.kind).to.equal('none');
    expect(notificationOf(doc)).to.deep.equal(notification);
  });

  it('when every attempt fails, then retries follow the configured delays and the sixth failure dead-letters', () => {
    let doc: DeliveryDoc | null = null;
    let task = firstTask(notification, t0);
    let at = t0;
    const delays: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const step: ReturnType<typeof apply> = apply(doc, task, result('HTTP_ERROR', at));
      doc = step.doc;
      if (step.followUp.kind === 'retry') {
        delays.push(step.followUp.delayMs);
        expect(new Date(step.followUp.task.dueAt).getTime()).to.equal(at.getTime() + 25 + step.followUp.delayMs);
        task = step.followUp.task;
        at = new Date(task.dueAt);
        expect(doc.state).to.equal('RETRY_SCHEDULED');
      } else {
        expect(i).to.equal(6);
        expect(step.followUp.kind).to.equal('dead-letter');
      }
    }
    expect(delays).to.deep.equal(policy.delaysMs);
    expect(doc).to.include({ state: 'DEAD_LETTERED', attemptCount: 6, lastAttempt: 6 });
    expect(doc!.nextAttemptAt).to.equal(null);
  });

  it('when an attempt is replayed after it was recorded, then it is not sent again but its follow-up is redone', () => {
    const task = firstTask(notification, t0);
    const { doc } = apply(null, task, result('TIMEOUT'));
    const check = precheck(doc, task, policy);
    expect(check.kind).to.equal('recorded');
    expect(check.kind === 'recorded' && check.followUp.kind).to.equal('retry');
    expect(recordAttempt(doc, task, result('ACKNOWLEDGED'), policy, new Date('2030-01-01T10:00:05Z')).kind).to.equal('stale');
  });

  it('when a retry of an older round arrives after a redelivery started, then it is stale', () => {
    const { doc: dead } = apply(null, firstTask(notification, t0), result('HTTP_ERROR'));
    const redelivery: DeliveryTask = { ...firstTask(notification, t0), round: 1 };
    expect(precheck(dead, redelivery, policy).kind).to.equal('attempt');
    const { doc } = apply(dead, redelivery, result('ACKNOWLEDGED'));
    expect(doc).to.include({ round: 1, state: 'DELIVERED', attemptCount: 2 });
    expect(Object.keys(doc.attempts)).to.deep.equal(['r0a1', 'r1a1']);
    expect(precheck(doc, { ...firstTask(notification, t0), attempt: 2 }, policy).kind).to.equal('stale');
  });

  it('when the endpoint URL cannot be sent to, then the first attempt dead-letters at once (no retries can change it)', () => {
    const task = firstTask(notification, t0);
    const { doc, followUp } = apply(null, task, { ...result('INVALID_ENDPOINT'), error: 'the notificationEndpoint is not a valid absolute URL' });
    expect(followUp.kind).to.equal('dead-letter');
    expect(doc).to.include({ state: 'DEAD_LETTERED', attemptCount: 1, nextAttemptAt: null });
    expect(doc.attempts.r0a1).to.include({ outcome: 'INVALID_ENDPOINT' });
  });

  it('when the relay itself failed on an attempt, then it is recorded and retried like any other failure', () => {
    const { doc, followUp } = apply(null, firstTask(notification, t0), result('RELAY_ERROR'));
    expect(followUp.kind).to.equal('retry');
    expect(doc).to.include({ state: 'RETRY_SCHEDULED' });
  });
});
