import Joi from 'joi';
import { cursorParameter, pageLimit, pagingInfoSchema, UUID_PATTERN } from '../../platform/http/paging.js';
import { isoDate, money } from '../order-rules/index.js';
import { accountPaymentSchema } from './payments.schemas.js';

export interface SettlementsQuery {
  limit: number;
  after?: string;
  before?: string;
}

export const settlementIdParams = Joi.object<{ settlementId: string }, true>({
  settlementId: Joi.string().pattern(UUID_PATTERN, 'settlement id').required().description("the settlement's id"),
});

const settlementCursor = cursorParameter(UUID_PATTERN, 'settlement id', 'a settlement of this partner');
export const settlementsQuerySchema = Joi.object<SettlementsQuery, true>({
  limit: pageLimit,
  after: settlementCursor.description('id of the last settlement of the previous page (forward)'),
  before: settlementCursor.description('id of the first settlement of the following page (backward)'),
})
  .nand('after', 'before')
  .label('SettlementsQuery');

const lineCursor = cursorParameter(UUID_PATTERN, 'paymentId', 'a payment of this settlement');
export const settlementLinesQuerySchema = Joi.object<SettlementsQuery, true>({
  limit: pageLimit,
  after: lineCursor.description('paymentId of the last line of the previous page (forward)'),
  before: lineCursor.description('paymentId of the first line of the following page (backward)'),
})
  .nand('after', 'before')
  .label('SettlementLinesQuery');

export const settlementSchema = Joi.object({
  id: Joi.string().required(),
  number: Joi.number().integer().min(1).required().description('1, 2, 3, … per partner'),
  reference: Joi.string()
    .pattern(/^\d{10}$/)
    .required()
    .description('the variable symbol of the bank transfer'),
  cutoffAt: Joi.string().isoDate().required().description('everything recorded before this instant and not in an earlier settlement'),
  periodStart: Joi.string().isoDate().description('the cut-off of the settlement before; absent for the first'),
  valueDate: isoDate.required().description('the day the transfer is sent: the next working day after the cut-off'),
  gross: money.required().description('gross of the payouts'),
  refunds: money.required().description('gross of the credit notes (zero or negative)'),
  fees: money.required().description('fees of all lines (a credit note gives its share of the fee back)'),
  linesNet: money.required().description("the sum of the lines' values: gross + refunds − fees"),
  carriedIn: money.required().description('the negative balance carried from the settlement before (zero or negative)'),
  net: money.required().description('linesNet + carriedIn'),
  transfer: money.required().description('what is sent to the partner: net when positive, else zero'),
  carriedOut: money.required().description('net when negative: carried into the next settlement, else zero'),
  lineCount: Joi.number().integer().min(1).required(),
  bankAccount: Joi.string().description('where the transfer goes, as set with the partners CLI; absent when none was set'),
  sandbox: Joi.boolean().description('closed by the sandbox call'),
  createdAt: Joi.string().isoDate().required(),
}).label('Settlement');

export const settlementsPageSchema = Joi.object({
  data: Joi.array().items(settlementSchema).required(),
  pagingInfo: pagingInfoSchema('settlements').required().label('PagingInfo'),
}).label('SettlementsPage');

export const settlementWithLinesSchema = Joi.object({
  settlement: settlementSchema.required(),
  lines: Joi.array().items(accountPaymentSchema).required().description('one page of its payment lines, by paymentId'),
  pagingInfo: pagingInfoSchema('lines').required().label('PagingInfo'),
}).label('SettlementWithLines');
