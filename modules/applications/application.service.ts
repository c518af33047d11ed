import type { AllowedActions } from './application.actions.js';
import type { Logger } from '../../platform/logger.js';
import type { Clock } from '../../platform/clock.js';
import { anySentOrDelivered, type ApplicationDoc, type CancelReason, type OrderDoc } from './application.model.js';
import type { ApplicationRepository } from './application.repository.js';
import type { GatewayLinks } from './gateway/gateway-links.js';
import { compileChange, type ApplicationChange, type Decide } from './application.changes.js';

class NothingToDo extends Error {}
import { APPLICATION_EVENTS } from './application.events.js';
import { applicationNotFound, asAppError } from './application.errors.js';
import { toApplicationResponse, toOrderWithInfo } from './application.mappers.js';

export interface ApplicationServiceDeps {
  repo: ApplicationRepository;
  links: GatewayLinks;
  logger: Logger;
  config: { recurrenceValidityMs: number };
  /** what the partner may do next, shown on every Application response */
  actions: AllowedActions;
  clock: Clock;
}

/** Whether any item of the order was marked sent or delivered (spec availability table). */
/** GET /financing/v1/orders: at least one criterion; every one given must match. */
export interface OrderLookup {
  orderNumber?: string;
  orderVariableSymbol?: string;
  applicationId?: string;
}

function matchesOrder(doc: ApplicationDoc, q: OrderLookup): boolean {
  return (q.orderNumber === undefined || doc.order.number === q.orderNumber)
    && (q.orderVariableSymbol === undefined || doc.order.variableSymbols.includes(q.orderVariableSymbol));
}

/**
 * The application kernel: reads, the one way to change an application (`change`), and the
 * partner's cancel. Creation, the gateway, the decision and the sweeps build on it.
 */
export class ApplicationService {
  constructor(private readonly deps: ApplicationServiceDeps) {}

  /** The module's time (the clock the composition root chose). */
  now(): Date {
    return this.deps.clock.now();
  }

  /**
   * Loads the application (the partner's, when `partnerId` is given: another partner's id
   * is 404 exactly like an unknown one), runs the pure `decide` on it and writes the result
   * under optimistic concurrency with its events and notification in the outbox. A lost
   * race re-reads and decides again. Refused transitions become the spec's 422 errors.
   */
  async change<R = void>(
    partnerId: string | null,
    applicationId: string,
    decide: Decide<R>,
    opts: { notFoundCode?: 'APPLICATION_NOT_FOUND' | 'OBJECT_NOT_FOUND'; now?: () => Date } = {},
  ): Promise<{ doc: ApplicationDoc; result: R | undefined }> {
    const { repo, config } = this.deps;
    const load = () => (partnerId === null ? repo.findById(applicationId) : repo.findForPartner(partnerId, applicationId));
    try {
      return await repo.mutate<R>(applicationId, load, async (doc) => {
        const change = await decide(doc);
        return compileChange(doc, change, opts.now?.() ?? this.deps.clock.now(), config);
      }, { notFound: () => applicationNotFound(opts.notFoundCode) });
    } catch (err) {
      throw asAppError(err);
    }
  }

  /**
   * `change` for internal use cases (consumers, sweeps, the gateway) that may find nothing
   * to do: `decide` returns null and nothing is written (no version bump, no event).
   */
  async changeIf<R>(applicationId: string, decide: (app: ApplicationDoc) => ApplicationChange<R> | null): Promise<{ doc: ApplicationDoc; result: R | undefined } | undefined> {
    try {
      return await this.change<R>(null, applicationId, (app) => {
        const change = decide(app);
        if (!change) throw new NothingToDo();
        return change;
      });
    } catch (err) {
      if (err instanceof NothingToDo) return undefined;
      throw err;
    }
  }

  /** GET detail: 404 APPLICATION_NOT_FOUND for an unknown id or another partner's. */
  async get(partnerId: string, applicationId: string): Promise<ApplicationDoc> {
    const doc = await this.deps.repo.findForPartner(partnerId, applicationId);
    if (!doc) throw applicationNotFound('APPLICATION_NOT_FOUND');
    return doc;
  }

  /**
   * The order lookup (docs/orders-and-payments.md, GET orders). With an application id it
   * is a key read; by order number or variable symbol it is the repository's partner-scoped
   * query for the newest match.
   */
  async findByOrder(partnerId: string, q: OrderLookup): Promise<ApplicationDoc | null> {
    if (q.applicationId !== undefined) {
      const doc = await this.deps.repo.findForPartner(partnerId, q.applicationId);
      return doc && matchesOrder(doc, q) ? doc : null;
    }
    if (q.orderNumber === undefined && q.orderVariableSymbol === undefined) return null;
    return this.deps.repo.findNewestByOrder(partnerId, q);
  }

  /** PUT cancel (spec): the order plus applicationInfo. */
  async cancel(partnerId: string, applicationId: string, input: { reason: CancelReason; customReason?: string }) {
    const { doc } = await this.change(partnerId, applicationId, (app) => ({
      trigger: 'CANCEL',
      facts: { sentOrDelivered: anySentOrDelivered(app.order) },
      set: { cancelReason: { reason: input.reason, ...(input.customReason ? { customReason: input.customReason } : {}) } },
      events: [{ type: APPLICATION_EVENTS.cancelled, data: { cancelReason: input.reason, by: 'PARTNER' } }],
    }));
    return toOrderWithInfo(doc);
  }

  gatewayUrl(doc: Pick<ApplicationDoc, '_id' | 'gateway'>): string {
    return this.deps.links.url(doc._id, doc.gateway.expiresAt);
  }

  /** The spec's Application with its gateway link and what the partner may do next. */
  response(doc: ApplicationDoc, extra: Parameters<typeof toApplicationResponse>[1] = {}) {
    return toApplicationResponse(doc, { gatewayRedirectUrl: this.gatewayUrl(doc), allowedActions: this.deps.actions.of(doc), ...extra });
  }
}
