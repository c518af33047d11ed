import { expect } from 'chai';
import { apiLoss } from './api-loss.js';

/** The reduced form of `npm run drill -- api-loss` (docs/operations.md): small numbers, the same checks. */
describe('drill api-loss: when one of two API instances is SIGKILLed while the client resends with Idempotency-Keys', function () {
  this.timeout(240_000);

  it('then nothing is lost and nothing takes effect twice', async () => {
    const lines: string[] = [];
    const log = (m: string) => {
      lines.push(m);
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[api-loss] ${m}\n`);
    };
    const result = await apiLoss({ rate: 10, durationMs: 15_000, maxInFlight: 32, drainMs: 60_000, log });
    process.stderr.write(`      ${JSON.stringify(result)}\n`);
    // what the drill saw (a lost notification's trail, the processes' output) when it fails
    if (result.lost || result.duplicateEffects || result.failedCalls) process.stderr.write(`${lines.join('\n')}\n`);
    expect(result.expectedNotifications, 'the drill made traffic').to.be.greaterThan(0);
    expect(result.failedCalls, 'calls answered with an error').to.equal(0);
    expect(result.lost, 'notifications lost').to.equal(0);
    expect(result.duplicateEffects, 'effects applied twice').to.equal(0);
    expect(result.retriedRequests, 'the kill made the client resend').to.be.greaterThan(0);
  });
});
