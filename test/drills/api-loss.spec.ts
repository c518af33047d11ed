import { expect } from 'chai';
import { apiLoss } from './api-loss.js';
import { runReducedDrill } from './support/reduced.js';

/** The reduced form of `npm run drill -- api-loss` (docs/operations.md): small numbers, the same checks. */
describe('drill api-loss: when one of two API instances is SIGKILLed while the client resends with Idempotency-Keys', function () {
  this.timeout(240_000);

  it('then nothing is lost and nothing takes effect twice', async () => {
    const result = await runReducedDrill('api-loss', apiLoss, { rate: 10, durationMs: 15_000 });
    expect(result.retriedRequests, 'the kill made the client resend').to.be.greaterThan(0);
  });
});
