import { brokerLoss } from './broker-loss.js';
import { runReducedDrill } from './support/reduced.js';

/** The reduced form of `npm run drill -- broker-loss` (docs/operations.md): small numbers, the same checks. */
describe('drill broker-loss: when a broker of three is SIGKILLed under creates, decisions and dispatches, then started again', function () {
  this.timeout(240_000);

  it('then nothing is lost and nothing takes effect twice', async () => {
    await runReducedDrill('broker-loss', brokerLoss, { rate: 10, durationMs: 15_000 });
  });
});
