import { expect } from 'chai';
import { brokerLoss } from './broker-loss.js';

/** The reduced form of `npm run drill -- broker-loss` (docs/operations.md): small numbers, the same checks. */
describe('drill broker-loss: when a broker of three is SIGKILLed under creates, decisions and dispatches, then started again', function () {
  this.timeout(240_000);

  it('then nothing is lost and nothing takes effect twice', async () => {
    const lines: string[] = [];
    const log = (m: string) => {
      lines.push(m);
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[broker-loss] ${m}\n`);
    };
    const result = await brokerLoss({ rate: 10, durationMs: 15_000, maxInFlight: 32, drainMs: 60_000, log });
    process.stderr.write(`      ${JSON.stringify(result)}\n`);
    // what the drill saw (a lost notification's trail, the processes' output) when it fails
    if (result.lost || result.duplicateEffects || result.failedCalls) process.stderr.write(`${lines.join('\n')}\n`);
    expect(result.expectedNotifications, 'the drill made traffic').to.be.greaterThan(0);
    expect(result.failedCalls, 'calls answered with an error').to.equal(0);
    expect(result.lost, 'notifications lost').to.equal(0);
    expect(result.duplicateEffects, 'effects applied twice').to.equal(0);
  });
});
