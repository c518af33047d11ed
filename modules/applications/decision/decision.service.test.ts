import { expect } from 'chai';
import { NO_REPLY } from '../../../platform/idempotency.js';
import { ManualClock } from '../../../platform/clock.js';
import { createLogger } from '../../../platform/logger.js';
import { sampleDoc } from '../../../test/applications/fixtures.js';
import { InMemoryApplicationRepository } from '../store/application.repository.fake.js';
import { ApplicationChanges } from '../change/index.js';
import { DecisionService } from './decision.service.js';
import { LEVEL_LIMITS } from './decision.rules.js';

/** The decision's use cases over the in-memory repository and a manual clock. */
async function setup(over: Parameters<typeof sampleDoc>[0]) {
  const clock = new ManualClock(new Date('2030-01-01T10:00:00Z'));
  const repo = new InMemoryApplicationRepository();
  const logger = createLogger({ level: 'silent', name: 'test' });
  const changes = new ApplicationChanges({ repo, clock, config: { recurrenceValidityMs: 1000 } });
  const decisions = new DecisionService({ repo, changes, sandbox: false, logger });
  const { _id, version: _v, outbox: _o, ...doc } = sampleDoc({ customer: { ...sampleDoc().customer, email: 'jana@example.com' }, ...over });
  const app = await repo.insertWithOutbox({ _id, ...doc }, [], clock.now(), NO_REPLY);
  return { repo, decisions, app };
}

const total = (amount: number) => ({ amount, currency: 'CZK' });

describe('the decision (use cases on the in-memory repository)', () => {
  it('when a preapproved order grew above the limit before the final checks, then the final decision rejects it in the write that decides', async () => {
    const { repo, decisions, app } = await setup({
      stateReason: 'PROCESSING_PREAPPROVED',
      screening: { rule: 'WITHIN_LIMITS', accountLevel: 'BASIC', screenedAt: new Date('2030-01-01T09:59:00Z') },
    });
    // what a racing order change did before this guard: the order the screening saw is gone
    await repo.store.update(app, { set: { order: { ...app.order, totalPrice: total(LEVEL_LIMITS.BASIC + 1) } }, entries: [] });
    const verdict = await decisions.finalize(app._id);
    expect(verdict).to.deep.equal({ outcome: 'REJECTED', rule: 'OVER_LIMIT' });
    expect((await repo.findById(app._id))!).to.include({ state: 'REJECTED', stateReason: 'REJECTED' });
  });

  it('when a preapproved order is within the limits, then the final checks approve it', async () => {
    const { repo, decisions, app } = await setup({
      stateReason: 'PROCESSING_PREAPPROVED',
      screening: { rule: 'WITHIN_LIMITS', accountLevel: 'BASIC', screenedAt: new Date('2030-01-01T09:59:00Z') },
    });
    expect(await decisions.finalize(app._id)).to.deep.equal({ outcome: 'APPROVED', rule: 'WITHIN_LIMITS' });
    expect((await repo.findById(app._id))!).to.include({ state: 'READY', stateReason: 'READY_TO_SHIP' });
  });
});
