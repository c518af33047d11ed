import { expect } from 'chai';
import { deliveryDetail, deliveryView } from './delivery.view.js';
import type { DeliveryDoc } from './delivery.model.js';
import { deliverySchema, parseStateFilter } from './webhooks.schemas.js';

describe('a delivery as the partner sees it', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 2, 3, 4, 5, ms));
  const doc: DeliveryDoc = {
    _id: '019b7d1e-0a2d-7000-8000-000000000001',
    version: 2,
    partnerId: 'p',
    webhookId: 'w',
    kind: 'APPLICATION',
    url: 'https://shop.example/hook',
    payload: '{"id":"a","state":"READY","stateReason":"READY_TO_SHIP"}',
    sourceEventId: 'e',
    key: 'a',
    notificationCreatedAt: at(1),
    createdAt: at(123),
    updatedAt: at(456),
    round: 0,
    lastAttempt: 2,
    state: 'RETRY_SCHEDULED',
    attemptCount: 2,
    attempts: {
      r0a2: { round: 0, attempt: 2, durationMs: 5, outcome: 'TIMEOUT', startedAt: at(400), finishedAt: at(405) },
      r0a1: { round: 0, attempt: 1, durationMs: 7, outcome: 'HTTP_ERROR', statusCode: 500, startedAt: at(200), finishedAt: at(207) },
    },
    nextAttemptAt: at(999),
    deliveredAt: null,
    deadLetteredAt: null,
  };

  it('when a delivery is shown, then every time is ISO 8601 without fractional seconds (spec Formats) and it matches the declared schema', () => {
    const view = deliveryView(doc);
    expect([view.createdAt, view.updatedAt, view.nextAttemptAt, ...view.attempts.map((a) => a.startedAt)]).to.deep.equal(Array(5).fill('2026-01-02T03:04:05Z'));
    expect(view.attempts.map((a) => a.attempt)).to.deep.equal([1, 2]);
    expect(deliverySchema.validate(view).error?.message).to.equal(undefined);
  });

  it("when an answer's headers and 2 KiB were kept, then the API shows its first 500 characters and no headers, and the portal's detail all of it", () => {
    const long = 'x'.repeat(2048);
    const headers: Array<[string, string]> = [
      ['content-type', 'text/html'],
      ['x-served-by', 'waf'],
    ];
    const withAnswer: DeliveryDoc = { ...doc, attempts: { ...doc.attempts, r0a1: { ...doc.attempts.r0a1!, responseExcerpt: long, responseHeaders: headers } } };
    const api = deliveryView(withAnswer).attempts[0]!;
    expect(api.responseExcerpt).to.have.length(500);
    expect(api).not.to.have.property('responseHeaders');
    expect(deliverySchema.validate(deliveryView(withAnswer)).error?.message).to.equal(undefined);
    const detail = deliveryDetail(withAnswer).attempts;
    expect(detail[0]).to.deep.include({ attempt: 1, statusCode: 500, responseExcerpt: long, responseHeaders: headers });
    expect(detail[1]).to.deep.include({ attempt: 2, outcome: 'TIMEOUT' }).and.not.have.property('responseHeaders');
  });

  it("when a delivery waits for its next attempt, then partners read FAILED (the event feed's name), and a filter takes FAILED or the earlier RETRY_SCHEDULED", () => {
    expect(deliveryView(doc).state).to.equal('FAILED');
    expect(deliveryView({ ...doc, state: 'DEAD_LETTERED' }).state).to.equal('DEAD_LETTERED');
    expect(parseStateFilter('state|eq|FAILED')).to.deep.equal(['RETRY_SCHEDULED']);
    expect(parseStateFilter('state|in|RETRY_SCHEDULED,DEAD_LETTERED')).to.deep.equal(['RETRY_SCHEDULED', 'DEAD_LETTERED']);
  });
});
