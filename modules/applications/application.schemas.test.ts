import { expect } from 'chai';
import fc from 'fast-check';
import { isoDate, isoDateTime } from '../order-rules/order.schemas.js';

/** The pattern a schema carries (the one the OpenAPI document shows). */
const patternOf = (schema: typeof isoDate) => new RegExp((schema.describe() as any).rules.find((r: any) => r.name === 'pattern').args.regex.slice(1, -1), 'u');

describe('dates: the documented pattern is the calendar', () => {
  for (const [what, schema] of [
    ['date', isoDate],
    ['date-time', isoDateTime],
  ] as const) {
    it(`when a ${what} matches the pattern, then the schema accepts it`, () => {
      fc.assert(
        fc.property(fc.stringMatching(patternOf(schema)), (v) => {
          expect(schema.validate(v).error?.message, v).to.equal(undefined);
        }),
        { numRuns: 3000, seed: 20261123 },
      );
    });
  }

  it('when a day is on the calendar, then the date pattern matches it; when it is not, then it does not', () => {
    const regex = patternOf(isoDate);
    for (let t = Date.UTC(1896, 0, 1); t < Date.UTC(2105, 0, 1); t += 86_400_000) expect(new Date(t).toISOString().slice(0, 10)).to.match(regex);
    for (const v of ['2023-02-29', '1900-02-29', '2100-02-29', '2024-04-31', '2024-09-31', '2024-13-01', '2024-00-10']) expect(v).not.to.match(regex);
    for (const v of ['2024-02-29', '2000-02-29', '0000-02-29']) expect(v).to.match(regex);
  });
});
