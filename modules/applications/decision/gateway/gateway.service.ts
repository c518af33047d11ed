import { createHash } from 'node:crypto';
import type { ApplicationDoc, SandboxOutcome } from '../../application.model.js';
import type { OrderDoc } from '../../../order-rules/index.js';
import type { ApplicationRepository } from '../../store/index.js';
import type { ApplicationChanges } from '../../change/index.js';
import { APPLICATION_EVENTS } from '../../application.events.js';
import type { GatewayLinks } from '../../gateway-links.js';
import { hostName } from './gateway.views.js';
import { paymentDetails, type CollectionAccount, type PaymentDetails } from './payment-details.js';
import type { PaymentReferences } from '../../store/index.js';
import type { Instalment } from '../../../order-rules/index.js';

/** The partner's display name (`ops partners set-display-name`); undefined when none is set. */
export type ShopNames = (partnerId: string) => Promise<string | undefined>;

/**
 * What the customer is shown of an order, as a short digest: the form carries the digest of
 * the order its page showed, so a confirm binds to exactly that order and never to one the
 * shop changed after the page was loaded.
 */
export function orderDigest(order: Pick<OrderDoc, 'number' | 'totalPrice' | 'totalVat' | 'items'>): string {
  const shown = {
    number: order.number,
    totalPrice: order.totalPrice,
    totalVat: order.totalVat,
    items: order.items.map((i) => [i.code, i.name, i.quantity, i.totalPrice.amount, i.totalPrice.currency]),
  };
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 22);
}

export type GatewayAccess = { ok: true; app: ApplicationDoc } | { ok: false; reason: 'NOT_FOUND' | 'EXPIRED'; app?: ApplicationDoc };

/**
 * The customer's side of an application: open the link, confirm (→ the decision runs) or
 * decline. Every write is state-checked, so a double-clicked button or a replayed form
 * has no second effect.
 */
export class GatewayService {
  constructor(
    private readonly deps: {
      repo: ApplicationRepository;
      links: GatewayLinks;
      changes: ApplicationChanges;
      references: PaymentReferences;
      account: CollectionAccount;
      shopNames?: ShopNames;
    },
  ) {}

  now(): Date {
    return this.deps.changes.now();
  }

  /** The shop as its customers know it: the partner's display name, else its redirect URL's host. */
  async shopName(app: ApplicationDoc): Promise<string> {
    return (await this.deps.shopNames?.(app.partnerId)) ?? hostName(app);
  }

  /**
   * How the customer pays `plan`: our collection account, the application's variable symbol
   * (given on first use), and per instalment its QR Platba code. The message names the shop
   * and the order, so the customer recognises the payment in their statement.
   */
  async paymentFor(app: ApplicationDoc, plan: Instalment[], shop: string): Promise<PaymentDetails> {
    const variableSymbol = app.gateway.variableSymbol ?? (await this.deps.references.of(app._id, this.now()));
    return paymentDetails({ account: this.deps.account, variableSymbol, plan, message: `${shop} ${app.order.number}` });
  }

  async open(applicationId: string, token: string, now = this.deps.changes.now()): Promise<GatewayAccess> {
    const app = await this.deps.repo.findById(applicationId);
    if (!app || !this.deps.links.verify(app._id, app.gateway.expiresAt, token)) return { ok: false, reason: 'NOT_FOUND' };
    if (app.gateway.expiresAt <= now) return { ok: false, reason: 'EXPIRED', app };
    return { ok: true, app };
  }

  /**
   * The customer confirms: PROCESSING_VALIDATION_IN_PROGRESS and the `confirmed` event the
   * decision consumes. `sandboxOutcome` is the sandbox decision helper's: the same confirm,
   * with the outcome the partner wants the sandbox rules to give. `shownOrder`: the
   * `orderDigest` of the order the customer's page showed. false when the application was
   * no longer waiting for the customer, or its order is no longer the one shown.
   */
  async confirm(app: ApplicationDoc, now = this.deps.changes.now(), sandboxOutcome?: SandboxOutcome, shownOrder?: string): Promise<boolean> {
    // the symbol the customer was shown (or gets now): from here on every answer carries it
    const variableSymbol = await this.deps.references.of(app._id, now);
    const changed = await this.deps.changes.changeIf(app._id, (current) => {
      if (current.stateReason !== 'PROCESSING_REDIRECT_NEEDED') return null;
      // the customer confirms the order their page showed; if the shop changed it meanwhile,
      // nothing is confirmed (checked in the write, so no change can slip in between)
      if (shownOrder !== undefined && orderDigest(current.order) !== shownOrder) return null;
      return {
        trigger: 'CONFIRM',
        set: {
          agreementTermsAndConditions: true,
          gateway: { ...current.gateway, confirmedAt: now, variableSymbol, ...(sandboxOutcome ? { sandboxOutcome } : {}) },
        },
        events: [{ type: APPLICATION_EVENTS.confirmed, data: { termsAcceptedAtGateway: !current.agreementTermsAndConditions } }],
      };
    });
    return changed !== undefined;
  }

  /**
   * The customer declines: CANCELLED / CANCELLED_NOT_PAID, cancel reason BY_CUSTOMER.
   * false when the application was no longer waiting for the customer (already confirmed,
   * decided or paid): then nothing changed and the caller must show the real outcome.
   */
  async decline(app: ApplicationDoc): Promise<boolean> {
    const changed = await this.deps.changes.changeIf(app._id, (current) => {
      if (current.stateReason !== 'PROCESSING_REDIRECT_NEEDED') return null;
      return {
        trigger: 'DECLINE',
        set: { cancelReason: { reason: 'APPLICATION_CANCELLED_BY_CUSTOMER' } },
        events: [{ type: APPLICATION_EVENTS.declined, data: { cancelReason: 'APPLICATION_CANCELLED_BY_CUSTOMER', by: 'CUSTOMER' } }],
      };
    });
    return changed !== undefined;
  }
}
