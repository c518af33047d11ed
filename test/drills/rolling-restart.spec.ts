import { expect } from 'chai';
import { rollingRestart } from './rolling-restart.js';
import { runReducedDrill } from './support/reduced.js';

/** The reduced form of `npm run drill -- rolling-restart` (docs/operations.md): small numbers, the same checks. */
describe('drill rolling-restart: two API instances behind HAProxy and two relays, each restarted in turn, twice, under steady load', function () {
  this.timeout(300_000);

  it('then the partner sees no connection error and no 5xx, nothing is lost and nothing takes effect twice', async () => {
    const result = await runReducedDrill('rolling-restart', rollingRestart, { rate: 8, durationMs: 50_000 });
    expect(result.restarts, 'every instance restarted twice').to.equal(8);
    const said = (result.errorMessages as string[]).join('\n');
    expect(result.connectionErrors, `connection errors the partner saw:\n${said}`).to.equal(0);
    expect(result.serverErrors, `5xx the partner saw:\n${said}`).to.equal(0);
  });
});
