import { expect } from 'chai';
import type { ConsumerInbox } from './consumer-inbox.js';

/**
 * What every ConsumerInbox must do, run against the in-memory fake (unit tests) and against
 * the store (test/platform/consumer-inbox.spec.ts). `make` gives an empty store, as the
 * inbox of each consumer group in it.
 */
export function consumerInboxContract(make: () => Promise<(groupId: string) => ConsumerInbox>): void {
  let inboxOf: (groupId: string) => ConsumerInbox;
  beforeEach(async () => {
    inboxOf = await make();
  });

  it('when a message is remembered, then it is seen, and remembering it again is no error', async () => {
    const inbox = inboxOf('g1');
    await inbox.open(new Date(0));
    expect(await inbox.seen('m1')).to.equal(false);
    await inbox.remember('m1');
    await inbox.remember('m1');
    expect(await inbox.seen('m1')).to.equal(true);
    expect(await inbox.seen('m2')).to.equal(false);
  });

  it('when another group handled a message, then this group has not seen it', async () => {
    await inboxOf('g1').remember('m1');
    expect(await inboxOf('g2').seen('m1')).to.equal(false);
    expect(await inboxOf('g1').seen('m1')).to.equal(true);
  });

  it("when the inbox opens with a cutoff, then its own records older than it are forgotten, newer ones and other groups' kept", async () => {
    await inboxOf('g1').remember('old', new Date('2026-01-01T00:00:00Z'));
    await inboxOf('g1').remember('new', new Date('2026-01-03T00:00:00Z'));
    await inboxOf('g2').remember('old', new Date('2026-01-01T00:00:00Z'));
    await inboxOf('g1').open(new Date('2026-01-02T00:00:00Z'));
    expect(await inboxOf('g1').seen('old')).to.equal(false);
    expect(await inboxOf('g1').seen('new')).to.equal(true);
    expect(await inboxOf('g2').seen('old')).to.equal(true);
  });
}
