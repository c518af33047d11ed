import { expect } from 'chai';
import { InMemoryConsumerInbox } from './consumer-inbox.js';

describe('consumer inbox (in-memory fake)', () => {
  it('when a message is remembered, then it is seen, and remembering it again is no error', async () => {
    const inbox = new InMemoryConsumerInbox();
    expect(await inbox.seen('m1')).to.equal(false);
    await inbox.remember('m1');
    await inbox.remember('m1');
    expect(await inbox.seen('m1')).to.equal(true);
    expect(await inbox.seen('m2')).to.equal(false);
  });

  it('when the inbox opens with a cutoff, then records older than it are forgotten and newer ones kept', async () => {
    const inbox = new InMemoryConsumerInbox();
    await inbox.remember('old', new Date('2026-01-01T00:00:00Z'));
    await inbox.remember('new', new Date('2026-01-03T00:00:00Z'));
    await inbox.open(new Date('2026-01-02T00:00:00Z'));
    expect(await inbox.seen('old')).to.equal(false);
    expect(await inbox.seen('new')).to.equal(true);
  });
});
