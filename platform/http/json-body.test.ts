import { expect } from 'chai';
import { DEFAULT_BODY_LIMITS, inspectJson } from './json-body.js';

describe('inspectJson (body hygiene)', () => {
  it('when a body is ordinary, then nothing is reported', () => {
    expect(inspectJson({ order: { items: [{ code: 'A', vat: [{ rate: 21 }] }] }, customData: null }, DEFAULT_BODY_LIMITS)).to.equal(undefined);
  });

  it('when nesting reaches the limit, then the fault names the path where it does', () => {
    let v: any = 1;
    for (let i = 0; i < 40; i++) v = { a: v };
    const fault = inspectJson(v, DEFAULT_BODY_LIMITS)!;
    expect(fault.message).to.match(/deeper than 32/);
    expect(fault.attribute!.split('.')).to.have.length(32);
  });

  it('when nesting is a million levels deep, then it is refused without overflowing the stack', () => {
    const text = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(inspectJson(JSON.parse(text), DEFAULT_BODY_LIMITS)?.message).to.match(/deeper/);
  });

  it('when an array is too long, then its path is named', () => {
    expect(inspectJson({ order: { items: new Array(1001).fill(0) } }, DEFAULT_BODY_LIMITS)).to.deep.equal({
      message: 'An array holds more than 1000 elements.',
      attribute: 'order.items',
    });
  });

  it('when a prototype-polluting key hides in an array element, then it is found', () => {
    const v = JSON.parse('{"items":[{"ok":1},{"__proto__":{"x":1}}]}');
    expect(inspectJson(v, DEFAULT_BODY_LIMITS)?.attribute).to.equal('items[1].__proto__');
  });

  it('when a string holds a lone surrogate escape, then its path is named; a surrogate pair (an emoji) is fine', () => {
    expect(inspectJson(JSON.parse('{"customer":{"firstName":"\\ud800Jana"}}'), DEFAULT_BODY_LIMITS)).to.deep.include({ attribute: 'customer.firstName' });
    expect(inspectJson(JSON.parse('{"items":[{"name":"ok"},{"name":"x\\udc00"}]}'), DEFAULT_BODY_LIMITS)?.attribute).to.equal('items[1].name');
    expect(inspectJson(JSON.parse('{"a":"\\ude00\\ud83d"}'), DEFAULT_BODY_LIMITS)?.attribute).to.equal('a');
    expect(inspectJson(JSON.parse('{"customData":{"k\\ud800":1}}'), DEFAULT_BODY_LIMITS)?.message).to.match(/key/);
    expect(inspectJson(JSON.parse('{"a":"Jana \\ud83d\\ude00","b":["\\u00e9"]}'), DEFAULT_BODY_LIMITS)).to.equal(undefined);
  });
});
