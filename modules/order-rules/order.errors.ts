import { UnprocessableError } from '../../platform/errors.js';

/**
 * A refused order operation in the spec's 422 format: UNPROCESSABLE (the request does not
 * fit the order), TOTAL_PRICE_LIMIT_EXCEEDED, ORDER_ALREADY_SENT, NOT_SUPPORTED.
 * `attribute` is the JSON path of the request attribute at fault.
 */
export class OrderRefused extends UnprocessableError {
  constructor(code: string, message: string, attribute?: string) {
    super(code, message, attribute ? { attribute } : {});
  }
}
