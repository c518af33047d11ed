import { expect } from 'chai';
import { restore } from './restore.js';
import { runReducedDrill } from './support/reduced.js';

/** The reduced form of `npm run drill -- restore` (docs/operations.md): small numbers, the same checks. */
describe('drill restore: when the store is restored from a dump taken under load and reconcile runs from the dump time', function () {
  this.timeout(300_000);

  it('then every notification the restored store explains arrives once, every payment line is there once, and the ledger check passes', async () => {
    const result = await runReducedDrill('restore', restore, { rate: 6, durationMs: 10_000 });
    expect(result.restoredDocuments, 'the dump held the drill').to.be.greaterThan(0);
    expect(result.paymentLines, 'the dispatches were paid').to.be.greaterThan(0);
    expect(result.ledgerCheckExit).to.equal(0);
  });
});
