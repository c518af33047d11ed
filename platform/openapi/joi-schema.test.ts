import { expect } from 'chai';
import Joi from 'joi';
import { SchemaConverter } from './joi-schema.js';
import { notAfterRule, parameterRules, rulesText } from './parameter-rules.js';

const convert = (schema: Joi.Schema) => new SchemaConverter().convert(schema);

describe('joi → OpenAPI: the rules joi enforces are in the schema', () => {
  it('when a number has a precision, then it is a multiple of 10^-n', () => {
    expect(convert(Joi.number().precision(2))).to.include({ multipleOf: 0.01 });
    expect(convert(Joi.number().precision(3))).to.include({ multipleOf: 0.001 });
  });

  it("when a string is base64, then joi's own expression is its pattern", () => {
    const { pattern } = convert(Joi.string().base64());
    expect('QUJD').to.match(new RegExp(pattern, 'u'));
    expect('QUI=').to.match(new RegExp(pattern, 'u'));
    expect('0').not.to.match(new RegExp(pattern, 'u'));
  });

  it('when a schema carries meta({pattern}), then that pattern is documented', () => {
    expect(
      convert(
        Joi.string()
          .custom((v) => v)
          .meta({ pattern: '^a+$' }),
      ),
    ).to.include({ pattern: '^a+$' });
  });

  it('when a key depends on a sibling (when), then the object says so with if/then/else and the key keeps its own schema', () => {
    const schema = convert(
      Joi.object({
        items: Joi.array(),
        total: Joi.object({ amount: Joi.number() }).when('items', { is: Joi.array().length(0).required(), then: Joi.required() }),
        fullName: Joi.string().allow(''),
        firstName: Joi.string().when('fullName', { is: Joi.string().min(1).required(), otherwise: Joi.required() }),
      }),
    );
    expect(schema.properties.total.type).to.equal('object');
    expect(schema.properties.firstName.type).to.equal('string');
    expect(schema.allOf).to.deep.include({
      if: { properties: { items: { type: 'array', minItems: 0, maxItems: 0, items: {} } }, required: ['items'] },
      then: { required: ['total'] },
    });
    expect(schema.allOf).to.deep.include({
      if: { properties: { fullName: { type: 'string', minLength: 1 } }, required: ['fullName'] },
      else: { required: ['firstName'] },
    });
  });

  it('when an object has a minimum of keys, then minProperties', () => {
    expect(convert(Joi.object({ a: Joi.string() }).min(1))).to.include({ minProperties: 1 });
  });

  it("when an object takes any key, then the keys follow the body reader's rules at every depth", () => {
    const conv = new SchemaConverter();
    const schema = conv.convert(Joi.object().unknown(true));
    expect(schema.propertyNames.pattern).to.equal('^(?:[^$.][^.]*)?$');
    expect(schema.additionalProperties).to.deep.equal({ $ref: '#/components/schemas/FreeJsonValue' });
    expect(conv.components.FreeJsonValue).to.be.an('object');
  });

  it('when array items must differ in one field, then x-unique-by names it', () => {
    expect(
      convert(
        Joi.array()
          .items(Joi.object({ rate: Joi.number() }))
          .unique('rate'),
      ),
    ).to.include({ 'x-unique-by': 'rate', uniqueItems: true });
  });
});

describe('rules across query parameters', () => {
  it('when the query schema has or/nand/oxor, then each becomes a rule, and words for the description', () => {
    const rules = parameterRules(Joi.object({ a: Joi.string(), b: Joi.string(), c: Joi.string() }).or('a', 'b').nand('b', 'c').oxor('a', 'c'));
    expect(rules).to.deep.equal([
      { rule: 'atLeastOneOf', parameters: ['a', 'b'] },
      { rule: 'notAllOf', parameters: ['b', 'c'] },
      { rule: 'atMostOneOf', parameters: ['a', 'c'] },
    ]);
    expect(rulesText(rules)).to.equal(
      'Query parameters: give at least one of `a`, `b`; not both `b` and `c`; at most one of `a`, `c` (otherwise 400 INVALID_REQUEST).',
    );
  });

  it("when a range's bounds must be in order, then the query carries it as meta and the rule is notAfter", () => {
    const rules = parameterRules(Joi.object({ from: Joi.string(), to: Joi.string() }).meta(notAfterRule('from', 'to')));
    expect(rules).to.deep.equal([{ rule: 'notAfter', parameters: ['from', 'to'] }]);
    expect(rulesText(rules)).to.equal('Query parameters: `from` not after `to` when both are given (otherwise 400 INVALID_REQUEST).');
  });

  it('when the query has a rule the document cannot state, then generating the document fails', () => {
    expect(() => parameterRules(Joi.object({ a: Joi.string(), b: Joi.string() }).with('a', 'b'))).to.throw(/cannot state/);
  });
});
