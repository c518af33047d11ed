import { expect } from 'chai';
import { relayLoss } from './relay-loss.js';
import { runReducedDrill } from './support/reduced.js';

/** The reduced form of `npm run drill -- relay-loss` (docs/operations.md): small numbers, the same checks. */
describe('drill relay-loss: when one of two relays is SIGKILLed mid-stream and its partitions move to the survivor', function () {
  this.timeout(240_000);

  it('then nothing is lost and nothing takes effect twice', async () => {
    const result = await runReducedDrill('relay-loss', relayLoss, { rate: 15, durationMs: 20_000 });
    expect(result.partitionsMoved, "the killed relay's partitions moved to the survivor").to.equal(true);
  });
});
