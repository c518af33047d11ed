import { randomBytes } from 'node:crypto';
import { applicationBody } from '../applications/requests.js';
import type { AppHarness } from '../applications/harness.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import type { TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';

/**
 * Applications in every state, made through the real flow: POST create, the customer's
 * confirm at the gateway, the sandbox decision consumer (`+approve` / `+reject` in the e-mail).
 */
export async function waitForReason(h: AppHarness, id: string, partner: TestPartner, stateReason: string) {
  return waitFor(
    `application ${id} in ${stateReason}`,
    async () => {
      const app = await h.get(id, partner);
      return app.stateReason === stateReason && app;
    },
    { maxWait: 20_000 },
  );
}

type BodyOver = Parameters<typeof applicationBody>[0];

export async function processingApplication(h: AppHarness, partner: TestPartner, over: BodyOver = {}, opts: { number?: string } = {}) {
  return h.create(applicationBody(over, { email: `buyer-${randomBytes(3).toString('hex')}+approve@example.com`, ...opts }), partner);
}

export async function decidedApplication(
  h: AppHarness,
  partner: TestPartner,
  outcome: 'approve' | 'reject',
  over: BodyOver = {},
  opts: { number?: string } = {},
) {
  const app = await h.create(applicationBody(over, { email: `buyer-${randomBytes(3).toString('hex')}+${outcome}@example.com`, ...opts }), partner);
  const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).submitAsCustomer('confirm');
  if (res.status >= 400) throw new Error(`gateway confirm failed: ${res.status}`);
  return waitForReason(h, app.id, partner, outcome === 'approve' ? 'READY_TO_SHIP' : 'REJECTED');
}

export const readyApplication = (h: AppHarness, partner: TestPartner, over: BodyOver = {}, opts: { number?: string } = {}) =>
  decidedApplication(h, partner, 'approve', over, opts);

/** The order of `applicationBody`: KTL-1 (2 pieces, 1 200.00) and SHIP (1 piece, 300.00), 21 % VAT. */
export const KETTLE = { code: 'KTL-1', total: 120000, vat: 20826 };
export const SHIPPING = { code: 'SHIP', total: 30000, vat: 5207 };
export const ORDER_TOTAL = 150000;

export const opPath = (id: string, op: 'send' | 'deliver' | 'return' | 'cancel') => `/financing/v1/applications/${id}/order/${op}`;
export const orderPath = (id: string) => `/financing/v1/applications/${id}/order`;
export const paymentsPath = (id: string) => `/financing/v1/applications/${id}/payments`;

/** A small valid plain-text document (base64). */
export const TEXT_DOCUMENT = {
  type: 'INVOICE',
  file: { filename: 'invoice.txt', content: Buffer.from('Invoice 2024000123\nTotal 1500.00 CZK\n').toString('base64') },
};
