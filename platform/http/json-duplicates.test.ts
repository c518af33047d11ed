import { expect } from 'chai';
import { firstDuplicateKey } from './json-duplicates.js';

describe('duplicate keys in a JSON text', () => {
  it('when every object has distinct keys, then none is reported (nested, arrays, strings holding braces and quotes)', () => {
    const text = JSON.stringify({ a: 1, b: { a: 2, c: [{ a: 3 }, { a: 4, s: '{"a":1,"a":2}' }] }, 'q"uote': '\\', e: [] });
    expect(firstDuplicateKey(text)).to.equal(undefined);
    expect(firstDuplicateKey('{}')).to.equal(undefined);
  });

  it('when a key appears twice at the top, then it is reported with its path', () => {
    expect(firstDuplicateKey('{"amount": 100, "amount": -100}')).to.deep.equal({ key: 'amount', path: ['amount'] });
  });

  it('when a key repeats deep inside arrays, then the path names the array index', () => {
    const text = '{"order":{"items":[{"code":"A"},{"code":"B","totalPrice":{"amount":1,"amount":2}}]}}';
    expect(firstDuplicateKey(text)).to.deep.equal({ key: 'amount', path: ['order', 'items', 1, 'totalPrice', 'amount'] });
  });

  it('when the two spellings differ only by an escape, then they are the same key', () => {
    expect(firstDuplicateKey('{"a": 1, "\\u0061": 2}')).to.deep.equal({ key: 'a', path: ['a'] });
  });

  it('when the same key is in sibling objects, then it is not a duplicate', () => {
    expect(firstDuplicateKey('[{"a":1},{"a":2}]')).to.equal(undefined);
    expect(firstDuplicateKey('{"x":{"a":1},"y":{"a":2}}')).to.equal(undefined);
  });
});
