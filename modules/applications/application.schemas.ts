import Joi from 'joi';
import { partnerUrl } from '../../platform/net/partner-url.js';
import { UUID_PATTERN } from '../../platform/http/paging.js';
import { ADDRESS_TYPES, addressSchema, isoDate, money, type Address } from '../order-rules/index.js';
import type { CustomerDoc, FraudPreventionData, MerchantUrls } from './application.model.js';

/**
 * The request fields every applications route shares (customer, merchant URLs, overrides,
 * the application id): every format and limit of the spec, and ours where the spec is
 * silent (docs/applications.md). Each use case's request schema is in its folder; the
 * order's own fields are modules/order-rules/order.schemas.ts, its rules across fields
 * order.checks.ts there.
 */

/** spec Formats: `+`, country code, number (E.164: at most 15 digits). */
const PHONE = /^\+[1-9]\d{6,14}$/;

const behaviour = (what: string) => Joi.number().min(1).max(1e9).allow(null).description(what);
/** What the shop knows of the customer's history and behaviour; `extraData` is its deprecated name. */
export const fraudPreventionData = Joi.object<FraudPreventionData, true>({
  transactionsNumber: Joi.number().integer().min(0).max(1e9).description('earlier transactions in the shop, current order excluded'),
  cashlessTransactionsNumber: Joi.number().integer().min(0).max(1e9).description('earlier cashless transactions'),
  transactionsSum: money.required().description('sum of earlier paid transactions, current order excluded'),
  cashlessTransactionsSum: money.description('sum of earlier cashless transactions'),
  pageTotalTime: behaviour("seconds spent on the partner's site"),
  pageReviewsTime: behaviour('seconds spent in review and comment sections'),
  cartItemsRemoved: behaviour('items removed from the basket'),
  itemsViewed: behaviour('product pages viewed'),
  latestTransactionDate: isoDate,
  earliestTransactionDate: isoDate,
  tags: Joi.array().items(Joi.string().min(1).max(10)).max(20),
}).label('FraudPreventionData');

/** The customer as a partner sends it; `extraData` is the deprecated name of fraudPreventionData. */
export interface CustomerInput extends Omit<CustomerDoc, 'addresses'> {
  addresses?: Address[];
  extraData?: FraudPreventionData;
}

/** A customer is named by fullName, or by the firstName/lastName pair (always together). */
const namePart = Joi.string()
  .min(1)
  .max(60)
  .when('fullName', { is: Joi.string().min(1).required(), otherwise: Joi.required() });
export const customerSchema = Joi.object<CustomerInput, true>({
  titleBefore: Joi.string().max(60).description('academic title before the name (Ing., Mgr.)'),
  titleAfter: Joi.string().max(60).description('academic title after the name (Ph.D., CSc.)'),
  fullName: Joi.string().allow('').max(255),
  firstName: namePart,
  lastName: namePart,
  email: Joi.string().email({ tlds: false }).max(254).required(),
  phone: Joi.string().pattern(PHONE, 'international phone number (+, country code, number)').required(),
  tin: Joi.string().max(20),
  vatin: Joi.string().max(20),
  addresses: Joi.array().items(addressSchema(ADDRESS_TYPES)).max(10),
  fraudPreventionData,
  extraData: fraudPreventionData.description('deprecated: use fraudPreventionData'),
})
  .and('firstName', 'lastName')
  .oxor('fraudPreventionData', 'extraData')
  .label('Customer');

/** `{applicationId}` anywhere in a redirect URL is filled in by the gateway. */
const redirectUrl = partnerUrl(['https', 'http'], { placeholders: { applicationId: '0190d3f0-0000-7000-8000-000000000000' } }).description(
  'where the gateway sends the customer back; `{applicationId}` is replaced by the application id',
);

export const merchantUrlsSchema = Joi.object<MerchantUrls, true>({
  approvedRedirect: redirectUrl.required(),
  rejectedRedirect: redirectUrl.required(),
  notificationEndpoint: partnerUrl().required(),
  paymentsEndpoint: partnerUrl().allow(null).description('where payment notifications go (payouts and credit notes); absent: the notificationEndpoint'),
}).label('MerchantUrls');

export const overrideSchema = Joi.array()
  .items(Joi.string().pattern(/^[A-Z0-9_]{1,64}$/))
  .max(20)
  .unique()
  .description('codes of WARN records the partner accepts');

export const applicationIdParams = Joi.object<{ applicationId: string }, true>({
  applicationId: Joi.string().pattern(UUID_PATTERN, 'application id').required().description('the id returned on creation'),
});
