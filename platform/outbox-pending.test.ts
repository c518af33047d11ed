import { expect } from 'chai';
import { UnpublishedEntries } from './outbox-pending.js';

describe('outbox: unpublished entries (the oldest-pending-age gauge)', () => {
  const e = (id: string, at: number) => ({ id, createdAt: new Date(at) });

  it('when entries are queued and then sent, then the oldest is the earliest queued until it is sent', () => {
    const u = new UnpublishedEntries();
    expect(u.oldestAt()).to.equal(undefined);
    u.queued([e('a', 2_000), e('b', 1_000)]);
    expect(u.oldestAt()).to.equal(1_000);
    u.sent([e('b', 1_000)]);
    expect(u.oldestAt()).to.equal(2_000);
    u.sent([e('a', 2_000)]);
    expect(u.oldestAt()).to.equal(undefined);
  });

  it('when a publish failed, then the entry stays until a sweep sends it, keeping its first creation time', () => {
    const u = new UnpublishedEntries();
    u.queued([e('a', 1_000)]);
    u.failed([e('a', 1_000)]);
    expect(u.oldestAt()).to.equal(1_000);
    u.queued([e('a', 1_000)]); // the sweep found it
    u.sent([e('a', 1_000)]);
    expect(u.size).to.equal(0);
  });

  it('when a complete sweep no longer finds an old failed entry, then a peer published it and it is dropped; a newer one is kept', () => {
    const u = new UnpublishedEntries();
    u.queued([e('old', 1_000), e('new', 9_000), e('found', 1_000)]);
    u.failed([e('old', 1_000), e('new', 9_000), e('found', 1_000)]);
    const before = u.failedSnapshot();
    u.reconcile(before, new Set(['found']), 5_000);
    expect(u.size).to.equal(2);
    expect(u.oldestAt()).to.equal(1_000); // 'found' stays until its resend succeeds
    u.sent([e('found', 1_000)]);
    expect(u.oldestAt()).to.equal(9_000);
  });

  it('when an entry is still queued (not failed), then a sweep that missed it does not drop it', () => {
    const u = new UnpublishedEntries();
    u.queued([e('q', 1_000)]);
    u.reconcile(['q'], new Set(), 5_000);
    expect(u.oldestAt()).to.equal(1_000);
  });
});
