import { expect } from 'chai';
import Joi from 'joi';
import './joi-characters.js';
import { validate } from './validate.js';

describe('string limits count characters, not UTF-16 code units', () => {
  const smile = '\u{1F642}'; // one character, two UTF-16 code units

  it('when a string of emoji is at the limit, then it is accepted; one more and it is refused', () => {
    expect(Joi.string().max(3).validate(smile.repeat(3)).error).to.equal(undefined);
    expect(Joi.string().max(3).validate(smile.repeat(4)).error?.details[0]?.type).to.equal('string.max');
    expect(Joi.string().min(2).validate(smile).error?.details[0]?.type).to.equal('string.min');
    expect(Joi.string().length(2).validate(smile.repeat(2)).error).to.equal(undefined);
  });

  it('when a request field is validated, then its limit counts characters too, and the message names the limit', () => {
    const schema = Joi.object({ name: Joi.string().max(2) });
    expect(validate(schema, { name: `${smile}${smile}` })).to.deep.equal({ name: `${smile}${smile}` });
    expect(() => validate(schema, { name: `a${smile}b` })).to.throw(/name length must be less than or equal to 2/);
  });

  it('when a limit is in bytes of an encoding, then bytes are counted as before', () => {
    expect(Joi.string().max(3, 'utf8').validate(smile).error?.details[0]?.type).to.equal('string.max');
  });
});
