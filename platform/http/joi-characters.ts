import Joi from 'joi';

/**
 * String limits count characters (Unicode code points), as the spec's limits ("at most 255
 * characters") and JSON Schema's minLength/maxLength in the OpenAPI document do. joi counts
 * UTF-16 code units, so an emoji counts twice and a name of 200 emoji (200 characters,
 * under a 255 limit) would be refused although the document calls it valid.
 *
 * joi has no option for it and refuses an extension that redefines `min`/`max`/`length`, so
 * the one rule behind all three (`length`, shared by every string schema) is given a
 * counter of code points, once, here. With an `encoding` argument the rule still counts
 * bytes. joi-characters.test.ts fails if a joi upgrade moves the rule.
 */
type LengthRule = { validate: (value: string, helpers: Joi.CustomHelpers, args: { limit: number; encoding?: string }, rule: any) => unknown };

const rule: LengthRule | undefined = (Joi.string() as any)._definition?.rules?.length;
if (!rule || typeof rule.validate !== 'function') throw new Error('joi string rule `length` not found: string limits would count UTF-16 code units');

const byUnits = rule.validate;
const PATCHED = Symbol.for('partner-financing.joi-characters');
if (!(byUnits as any)[PATCHED]) {
  const byCodePoints: LengthRule['validate'] = (value, helpers, args, r) => {
    if (args.encoding || !/[\uD800-\uDFFF]/.test(value)) return byUnits(value, helpers, args, r);
    // a surrogate pair is one character: count it once by counting code points instead
    const chars = [...value].length;
    const { name, operator } = r;
    const ok = operator === '=' ? chars === args.limit : operator === '<=' ? chars <= args.limit : chars >= args.limit;
    return ok ? value : helpers.error(`string.${name}`, { limit: r.args.limit, value });
  };
  (byCodePoints as any)[PATCHED] = true;
  rule.validate = byCodePoints;
}

export {};
