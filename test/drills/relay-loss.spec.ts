import { expect } from 'chai';
import { relayLoss } from './relay-loss.js';

/** The reduced form of `npm run drill -- relay-loss` (docs/operations.md): small numbers, the same checks. */
describe('drill relay-loss: when one of two relays is SIGKILLed mid-stream and its partitions move to the survivor', function () {
  this.timeout(240_000);

  it('then nothing is lost and nothing takes effect twice', async () => {
    const lines: string[] = [];
    const log = (m: string) => {
      lines.push(m);
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[relay-loss] ${m}\n`);
    };
    const result = await relayLoss({ rate: 15, durationMs: 20_000, maxInFlight: 32, drainMs: 60_000, log });
    process.stderr.write(`      ${JSON.stringify(result)}\n`);
    // what the drill saw (a lost notification's trail, the processes' output) when it fails
    if (result.lost || result.duplicateEffects || result.failedCalls) process.stderr.write(`${lines.join('\n')}\n`);
    expect(result.expectedNotifications, 'the drill made traffic').to.be.greaterThan(0);
    expect(result.failedCalls, 'calls answered with an error').to.equal(0);
    expect(result.lost, 'notifications lost').to.equal(0);
    expect(result.duplicateEffects, 'effects applied twice').to.equal(0);
    expect(result.partitionsMoved, 'the killed relay\'s partitions moved to the survivor').to.equal(true);
  });
});
