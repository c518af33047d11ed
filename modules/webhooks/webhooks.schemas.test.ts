import { expect } from 'chai';
import fc from 'fast-check';
import { InvalidRequestError } from '../../platform/errors.js';
import { listQuerySchema, parseStateFilter } from './webhooks.schemas.js';

describe('deliveries list query', () => {
  it('when no filter is given, then no state restriction', () => {
    expect(parseStateFilter(undefined)).to.equal(undefined);
  });

  it('when state filters are given, then eq and in work and several combine with AND', () => {
    expect(parseStateFilter('state|eq|DEAD_LETTERED')).to.deep.equal(['DEAD_LETTERED']);
    expect(parseStateFilter('state|in|DELIVERED,DEAD_LETTERED')).to.deep.equal(['DELIVERED', 'DEAD_LETTERED']);
    expect(parseStateFilter('state|in|DELIVERED,DEAD_LETTERED;state|eq|DELIVERED')).to.deep.equal(['DELIVERED']);
  });

  for (const bad of ['state|eq|A,B', 'state|lt|DELIVERED', 'createdAt|eq|x', 'state|eq|', 'state|eq|DELIVERED|x', 'state|in|DELIVERED,NOPE']) {
    it(`when the filter is "${bad}", then 400 naming filter`, () => {
      let err: unknown;
      try {
        parseStateFilter(bad);
      } catch (e) {
        err = e;
      }
      expect(err).to.be.instanceOf(InvalidRequestError);
      expect((err as InvalidRequestError).records[0]!.attribute).to.equal('filter');
    });
  }

  it('when limit is absent, then 20; above 100, an error', () => {
    expect(listQuerySchema.validate({}).value).to.deep.equal({ limit: 20 });
    expect(listQuerySchema.validate({ limit: '101' }).error?.details[0]?.path).to.deep.equal(['limit']);
  });

  it("when a filter matches the schema's pattern, then parseStateFilter takes it; the refused ones fail the pattern too", () => {
    const pattern = (listQuerySchema.describe() as any).keys.filter.rules.find((r: any) => r.name === 'pattern').args.regex as string;
    const regex = new RegExp(pattern.slice(1, -1), 'u');
    fc.assert(
      fc.property(fc.stringMatching(regex), (f) => {
        expect(() => parseStateFilter(f), f).not.to.throw();
      }),
      { numRuns: 500, seed: 20261123 },
    );
    for (const bad of ['state|eq|A,B', 'state|lt|DELIVERED', 'createdAt|eq|x', 'state|eq|', 'state|in|DELIVERED,NOPE', 'state|in|DELIVERED,']) {
      expect(listQuerySchema.validate({ filter: bad }).error?.details[0]?.path, bad).to.deep.equal(['filter']);
    }
  });
});
