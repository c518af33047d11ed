import { expect } from 'chai';
import { InvalidRequestError } from '../errors.js';
import { cursorOf, pageLimit, resolveCursor, unknownCursor } from './paging.js';

describe('the paging rule of every list', () => {
  it('when limit is absent, then 20; 1..100 are the bounds', () => {
    expect(pageLimit.validate(undefined).value).to.equal(20);
    expect(pageLimit.validate(0).error).not.to.equal(undefined);
    expect(pageLimit.validate(101).error).not.to.equal(undefined);
    expect(pageLimit.validate(100).error).to.equal(undefined);
  });

  it('when a cursor is sent, then it is named by its parameter', () => {
    expect(cursorOf({})).to.equal(undefined);
    expect(cursorOf({ after: 'a' })).to.deep.equal({ parameter: 'after', id: 'a' });
    expect(cursorOf({ before: 'b' })).to.deep.equal({ parameter: 'before', id: 'b' });
  });

  it('when the cursor names an item of the list, then that item; without a cursor, nothing is looked up', async () => {
    const items = new Map([['a', { seq: 1 }]]);
    let lookups = 0;
    const find = (id: string) => {
      lookups++;
      return items.get(id) ?? null;
    };
    expect(await resolveCursor({ after: 'a' }, find, 'no item')).to.deep.equal({ seq: 1 });
    expect(await resolveCursor({}, find, 'no item')).to.equal(undefined);
    expect(lookups).to.equal(1);
  });

  it('when the cursor names nothing, then 400 INVALID_REQUEST naming the parameter, "unknown cursor"', async () => {
    const err = await resolveCursor({ before: 'zz' }, async () => null, 'no item of this list has this id').then(
      () => undefined,
      (e) => e,
    );
    expect(err).to.be.instanceOf(InvalidRequestError);
    expect(err.records).to.deep.equal([
      { code: 'INVALID_REQUEST', severity: 'ERROR', attribute: 'before', message: 'before: unknown cursor: no item of this list has this id.' },
    ]);
    expect(unknownCursor('after', 'x').records[0]).to.include({ attribute: 'after' });
  });
});
