import { expect } from 'chai';
import Joi from 'joi';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, ConcurrencyError, InvalidRequestError, UnprocessableError } from '../../platform/errors.js';
import { CATALOGUES } from './portal.i18n.js';
import { ERROR_TEXTS, JOI_TEXTS, errorText, fieldRefusal, portalSaid } from './portal-errors.js';

/**
 * The error codes the portal can show: every code thrown in the code the portal reaches (its
 * own, the modules whose doors it calls, the platform under them), read from the sources,
 * so a new code without its Czech and English text fails here.
 */
const REACHED = [
  'modules/portal',
  'modules/applications',
  'modules/orders',
  'modules/order-rules',
  'modules/payments',
  'modules/webhooks',
  'modules/auth',
  'platform',
];
/** sources whose codes never reach a portal page: the ledger check of the operators' CLI, DNS errno names, broker start-up checks */
const NOT_SHOWN = ['ledger.check.ts', 'ssrf-guard.ts', 'kafka-topic-presence.ts'];
const CODE = /(?:new\s+\w*(?:Error|Refused)\(\s*|super\(\s*|\bcode:\s*)'([A-Z][A-Z0-9_]{2,})'/g;

function codesInSources(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !/\.(test|spec|fake|contract)\.ts$/.test(path) && !NOT_SHOWN.includes(name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(CODE)) codes.add(m[1]!);
      }
    }
  };
  for (const root of REACHED) walk(join(import.meta.dirname, '../..', root));
  return codes;
}

describe('portal error messages', () => {
  it('every error code the portal can show has an English and a Czech text', () => {
    const codes = codesInSources();
    // the scan finds what it must: the spec's codes the portal passes through
    for (const known of ['UNPROCESSABLE', 'NOTHING_TO_SETTLE', 'INVALID_REQUEST', 'CONCURRENT_MODIFICATION', 'RATE_LIMIT_EXCEEDED', 'IDEMPOTENCY_KEY_REUSED']) {
      expect(codes, known).to.include(known);
    }
    const missing = [...codes].filter((c) => !ERROR_TEXTS.en[c] || !ERROR_TEXTS.cs[c]);
    expect(missing, 'codes without a text in both languages').to.deep.equal([]);
  });

  it('the two languages have the same keys, and the Czech texts are not the English ones', () => {
    expect(Object.keys(ERROR_TEXTS.cs).sort()).to.deep.equal(Object.keys(ERROR_TEXTS.en).sort());
    expect(Object.keys(JOI_TEXTS.cs).sort()).to.deep.equal(Object.keys(JOI_TEXTS.en).sort());
    const same = Object.keys(ERROR_TEXTS.en).filter((k) => ERROR_TEXTS.en[k] === ERROR_TEXTS.cs[k]);
    expect(same).to.deep.equal([]);
  });

  it('translates a joi field error by its rule and field, with the bound', () => {
    const schema = Joi.object({ items: Joi.array().items(Joi.object({ quantity: Joi.number().min(0.001).max(5) })) });
    const err = fieldRefusal(schema.validate({ items: [{ quantity: 9 }] }).error!);
    expect(err.status).to.equal(400);
    expect(err.records[0]!.attribute).to.equal('items[0].quantity');
    expect(errorText(CATALOGUES.cs, err)).to.equal('Množství: nejvýše 5.');
    expect(errorText(CATALOGUES.en, err)).to.equal('Quantity: at most 5.');
    const reason = fieldRefusal(Joi.object({ reason: Joi.string().valid('A', 'B').required() }).validate({}).error!);
    expect(errorText(CATALOGUES.cs, reason)).to.equal('Důvod: vyplňte prosím.');
  });

  it('translates a refusal by code and attribute, naming the item the index points at', () => {
    const err = new UnprocessableError('UNPROCESSABLE', 'items[1].quantity: only 1 of this item can still be returned.', { attribute: 'items[1].quantity' });
    expect(errorText(CATALOGUES.cs, err, { items: ['Kettle', 'Toaster'] })).to.equal('Položka Toaster: zbývá jí méně, než je zadané množství.');
    expect(errorText(CATALOGUES.en, err)).to.equal('Item 2: less of it is left than the quantity entered.');
    expect(errorText(CATALOGUES.cs, new UnprocessableError('UNPROCESSABLE', 'The application cannot be cancelled now.'))).to.equal(
      'Tato změna není v současném stavu žádosti a objednávky možná.',
    );
    expect(errorText(CATALOGUES.cs, new ConcurrencyError())).to.match(/^Někdo to ve stejné chvíli změnil/);
    const limited = new AppError('RATE_LIMIT_EXCEEDED', 'More than 5 requests', { status: 429, headers: { 'Retry-After': '42' } });
    expect(errorText(CATALOGUES.cs, limited)).to.equal('Příliš mnoho požadavků. Zkuste to znovu za 42 s.');
    expect(errorText(CATALOGUES.cs, new InvalidRequestError('password: too short', { attribute: 'password' }))).to.match(/^Heslo: 12 až 128 znaků/);
  });

  it('an unknown code reads as a translated sentence naming the code; a text the portal wrote in the language stays', () => {
    const err = new AppError('SOMETHING_NEW', 'An English message', { status: 409 });
    expect(errorText(CATALOGUES.cs, err)).to.equal('Požadavek byl odmítnut (kód SOMETHING_NEW). Pokud se to bude opakovat, sdělte nám tento kód.');
    expect(errorText(CATALOGUES.en, err)).to.include('(code SOMETHING_NEW)');
    expect(errorText(CATALOGUES.cs, portalSaid(CATALOGUES.cs.badAmount, 'amount'))).to.equal(CATALOGUES.cs.badAmount);
  });
});
