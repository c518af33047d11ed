import Joi from 'joi';
import { configSection, localOnly } from '../../platform/config.js';

/** ISO 13616: the IBAN's check digits (mod 97 = 1), spaces allowed and removed. */
const iban: Joi.CustomValidator<string> = (v, h) => {
  const t = v.replace(/\s+/g, '').toUpperCase();
  const ok =
    /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(t) && BigInt(`${t.slice(4)}${t.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n;
  return ok ? t : h.message({ custom: '{{#label}} must be an IBAN with valid check digits' });
};

/** A time zone Intl knows (an unknown one would fail the first cut-off, not the start). */
const ianaZone: Joi.CustomValidator<string> = (v, h) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return v;
  } catch {
    return h.message({ custom: '{{#label}} must be an IANA time zone such as Europe/Prague' });
  }
};

/**
 * The payments module's settings: our billing details on invoices, the collection account
 * customers pay to (the composition root hands it to the applications module's gateway
 * page), and the daily settlement with its test hooks.
 */
export const paymentsSection = configSection({
  title: 'payments module',
  keys: {
    BILLING_NAME: localOnly(Joi.string(), 'Partner Financing s.r.o.').description('invoice fullName on payments'),
    BILLING_ACCOUNT_NUMBER: localOnly(Joi.string(), '2000145399').description('invoice account number'),
    BILLING_BANK_CODE: localOnly(Joi.string(), '2010').description('invoice bank code'),
    BILLING_STREET: localOnly(Joi.string(), 'Na Florenci').description('invoice address: street'),
    BILLING_STREET_NUMBER: localOnly(Joi.string(), '2116/15').description('invoice address: street number'),
    BILLING_CITY: localOnly(Joi.string(), 'Praha').description('invoice address: city'),
    BILLING_ZIP: localOnly(Joi.string(), '11000').description('invoice address: zip'),
    BILLING_COUNTRY: localOnly(Joi.string().length(2), 'CZ').description('invoice address: country code'),
    COLLECTION_IBAN: localOnly(Joi.string().custom(iban), 'CZ9320100000002000145399').description(
      'IBAN of our collection account: customers pay their instalments to it (gateway page, QR Platba), payee name BILLING_NAME',
    ),
    SETTLEMENT_CUTOFF: Joi.string()
      .pattern(/^([01]\d|2[0-3]):[0-5]\d$/)
      .default('18:00')
      .description('daily settlement cut-off, local time HH:MM in SETTLEMENT_TIME_ZONE'),
    SETTLEMENT_TEST_CRASH_AT: Joi.string()
      .valid('', 'claimed', 'written')
      .default('')
      .description('test hook, ignored in production: the API kills itself (SIGKILL) in a settlement close once its lines are claimed, or once it is written'),
    SETTLEMENT_TEST_EVERY_MS: Joi.number()
      .integer()
      .min(0)
      .default(0)
      .description('test hook, ignored in production: cut-offs every this many ms instead of daily (0: daily)'),
    SETTLEMENT_TIME_ZONE: Joi.string()
      .custom(ianaZone)
      .default('Europe/Prague')
      .description('IANA time zone of the settlement cut-off (daylight saving followed)'),
  },
  shape: (v, run) => ({
    collection: { iban: v.COLLECTION_IBAN as string, name: v.BILLING_NAME as string },
    settlement: {
      cutoff: v.SETTLEMENT_CUTOFF as string,
      timeZone: v.SETTLEMENT_TIME_ZONE as string,
      crashAt: run.production ? undefined : (((v.SETTLEMENT_TEST_CRASH_AT as string) || undefined) as 'claimed' | 'written' | undefined),
      everyMs: run.production ? undefined : (v.SETTLEMENT_TEST_EVERY_MS as number) || undefined,
    },
    billing: {
      fullName: v.BILLING_NAME as string,
      accountNumber: v.BILLING_ACCOUNT_NUMBER as string,
      bankCode: v.BILLING_BANK_CODE as string,
      address: {
        streetAddress: v.BILLING_STREET as string,
        streetNumber: v.BILLING_STREET_NUMBER as string,
        city: v.BILLING_CITY as string,
        zip: v.BILLING_ZIP as string,
        country: v.BILLING_COUNTRY as string,
      },
    },
  }),
});
export type PaymentsConfig = ReturnType<typeof paymentsSection.shape>;
