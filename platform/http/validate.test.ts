import { expect } from 'chai';
import Joi from 'joi';
import { jsonPath, validate } from './validate.js';
import { InvalidRequestError } from '../errors.js';

describe('request validation', () => {
  it('when a path has array indexes, then it renders as a JSON path', () => {
    expect(jsonPath(['order', 'items', 0, 'code'])).to.equal('order.items[0].code');
    expect(jsonPath([], 'query')).to.equal('query');
    expect(jsonPath(['limit'], 'query')).to.equal('query.limit');
  });

  it('when several attributes are wrong, then each is one INVALID_REQUEST record naming its attribute', () => {
    const schema = Joi.object({ a: Joi.number().required(), b: Joi.array().items(Joi.object({ c: Joi.string().required() })) });
    let err: InvalidRequestError | undefined;
    try {
      validate(schema, { b: [{ c: 'x' }, {}] });
    } catch (e) {
      err = e as InvalidRequestError;
    }
    expect(err).to.be.instanceOf(InvalidRequestError);
    expect(err!.status).to.equal(400);
    expect(err!.records.map((r) => r.attribute)).to.deep.equal(['a', 'b[1].c']);
    expect(err!.records.every((r) => r.code === 'INVALID_REQUEST' && r.severity === 'ERROR')).to.equal(true);
  });

  it('when the input is valid, then it is returned (converted only when asked)', () => {
    expect(validate(Joi.object({ n: Joi.number() }), { n: '5' }, { convert: true })).to.deep.equal({ n: 5 });
    expect(() => validate(Joi.object({ n: Joi.number() }), { n: '5' })).to.throw(InvalidRequestError);
  });
});
