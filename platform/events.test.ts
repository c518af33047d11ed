import { expect } from 'chai';
import { domainEvent } from './events.js';
import { newId } from './ids.js';

describe('domain event ids', () => {
  it('when an event is made again from the same aggregate version at another time (a consumer handling a message again after a restore), then it has the same id', () => {
    const aggregate = { id: newId(), version: 4, partnerId: 'p1' };
    const first = domainEvent('applications.application.approved', aggregate, { a: 1 }, new Date('2030-01-01T10:00:00Z'));
    const again = domainEvent('applications.application.approved', aggregate, { a: 1 }, new Date('2030-01-01T11:30:00Z'));
    expect(again.id).to.equal(first.id);
    expect(again.occurredAt).to.not.equal(first.occurredAt);
  });

  it("when the version, the type or the place among one write's events differs, then the id differs", () => {
    const aggregate = { id: newId(), version: 4, partnerId: 'p1' };
    const ids = [
      domainEvent('a.b.c', aggregate, {}).id,
      domainEvent('a.b.c', { ...aggregate, version: 5 }, {}).id,
      domainEvent('a.b.d', aggregate, {}).id,
      domainEvent('a.b.c', aggregate, {}, new Date(), 1).id,
    ];
    expect(new Set(ids).size).to.equal(ids.length);
  });
});
