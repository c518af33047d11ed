import { expect } from 'chai';
import { kafkaLoss } from './kafka-loss.js';
import { runReducedDrill } from './support/reduced.js';

/** The reduced form of `npm run drill -- kafka-loss` (docs/operations.md): small numbers, the same checks. */
describe('drill kafka-loss: when the broker loses its whole data directory after creates, decisions and paid dispatches, and reconcile runs on the new cluster', function () {
  this.timeout(300_000);

  it('then every notification arrives once, every payment line is there once, and the ledger check passes', async () => {
    const result = await runReducedDrill('kafka-loss', kafkaLoss, { rate: 6, durationMs: 10_000 });
    expect(result.republished, 'reconcile sent the journals again').to.be.greaterThan(0);
    expect(result.paymentLines, 'the dispatches were paid').to.be.greaterThan(0);
    expect(result.ledgerCheckExit).to.equal(0);
  });
});
