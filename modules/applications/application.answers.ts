import type { ApplicationDoc } from './application.model.js';
import type { AllowedActions } from './application.actions.js';
import type { GatewayLinks } from './gateway-links.js';
import { toApplicationResponse } from './application.mappers.js';

/**
 * The spec's Application as every route answers it: the document's fields, the customer's
 * gateway link (derived from a key the document does not hold) and what the partner may do
 * next (`allowedActions`).
 */
export class ApplicationAnswers {
  constructor(private readonly links: Pick<GatewayLinks, 'url'>, private readonly actions: Pick<AllowedActions, 'of'>) {}

  gatewayUrl(doc: Pick<ApplicationDoc, '_id' | 'gateway'>): string {
    return this.links.url(doc._id, doc.gateway.expiresAt);
  }

  response(doc: ApplicationDoc, extra: Parameters<typeof toApplicationResponse>[1] = {}) {
    return toApplicationResponse(doc, { gatewayRedirectUrl: this.gatewayUrl(doc), allowedActions: this.actions.of(doc), ...extra });
  }
}
