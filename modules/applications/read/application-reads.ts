import type { ApplicationDoc } from '../application.model.js';
import { applicationNotFound } from '../application.errors.js';
import type { ApplicationRepository } from '../store/index.js';

/** GET /financing/v1/orders: at least one criterion; every one given must match. */
export interface OrderLookup {
  orderNumber?: string;
  orderVariableSymbol?: string;
  applicationId?: string;
}

function matchesOrder(doc: ApplicationDoc, q: OrderLookup): boolean {
  return (
    (q.orderNumber === undefined || doc.order.number === q.orderNumber) &&
    (q.orderVariableSymbol === undefined || doc.order.variableSymbols.includes(q.orderVariableSymbol))
  );
}

/** The partner's reads of applications: another partner's id reads exactly like an unknown one. */
export class ApplicationReads {
  constructor(private readonly repo: Pick<ApplicationRepository, 'findForPartner' | 'findNewestByOrder'>) {}

  /** The partner's application, or 404 with the code of the caller's table (detail: APPLICATION_NOT_FOUND). */
  async get(partnerId: string, applicationId: string, code: 'APPLICATION_NOT_FOUND' | 'OBJECT_NOT_FOUND' = 'APPLICATION_NOT_FOUND'): Promise<ApplicationDoc> {
    const doc = await this.repo.findForPartner(partnerId, applicationId);
    if (!doc) throw applicationNotFound(code);
    return doc;
  }

  /**
   * The order lookup (docs/orders-and-payments.md, GET orders). With an application id it
   * is a key read; by order number or variable symbol it is the repository's partner-scoped
   * query for the newest match.
   */
  async findByOrder(partnerId: string, q: OrderLookup): Promise<ApplicationDoc | null> {
    if (q.applicationId !== undefined) {
      const doc = await this.repo.findForPartner(partnerId, q.applicationId);
      return doc && matchesOrder(doc, q) ? doc : null;
    }
    if (q.orderNumber === undefined && q.orderVariableSymbol === undefined) return null;
    return this.repo.findNewestByOrder(partnerId, q);
  }
}
