import type { ApplicationDoc, ApplicationListItem, ApplicationListQuery, ApplicationsModule, Action } from '../applications/index.js';
import type { PaymentsModule, PaymentBody, SettlementRef } from '../payments/index.js';
import type { DeliveryView, WebhooksModule } from '../webhooks/index.js';
import type { EventsModule, FeedNotification } from '../events/index.js';
import { InvalidRequestError } from '../../platform/errors.js';

export type PortalApplicationsDeps = {
  applications: Pick<ApplicationsModule, 'getApplication' | 'allowedActionsOf' | 'listApplications' | 'countApplications' | 'applicationPosition'>;
  payments: Pick<PaymentsModule, 'paymentsOf' | 'partnerSettlements'>;
  webhooks: Pick<WebhooksModule, 'service'>;
  events: Pick<EventsModule, 'notificationsOf'>;
};

/** One line of an application's timeline: what happened, and for a notification its deliveries. */
export type TimelineEntry =
  | { at: Date; kind: 'state'; event: string; state: string; stateReason: string }
  | { at: Date; kind: 'fulfilment'; operation: string; items: Array<{ name: string; quantityMilli: number }>; amount?: { amount: number; currency: string } }
  | { at: Date; kind: 'payment'; payment: PaymentBody }
  | { at: Date; kind: 'notification'; event: FeedNotification; delivery?: DeliveryView };

export interface ApplicationPage {
  app: ApplicationDoc;
  allowed: Action[];
  payments: PaymentBody[];
  /** each payment's settlement, or null while it awaits one */
  settlements: Map<string, SettlementRef | null>;
  timeline: TimelineEntry[];
}

export type ListFilters = Omit<ApplicationListQuery, 'after' | 'before' | 'limit'>;

/** A notification page size large enough for one application's whole life (a handful each). */
const NOTIFICATIONS_PER_APPLICATION = 100;

/**
 * What the portal reads about applications, through the other modules' doors only: the
 * list (applications), one application with its payments (payments), its notifications
 * (the event feed) and their delivery records (webhooks), merged into one timeline.
 */
export class PortalApplications {
  constructor(private readonly deps: PortalApplicationsDeps) {}

  async list(
    partnerId: string,
    filters: ListFilters,
    page: { after?: string; before?: string; limit: number },
  ): Promise<{ items: ApplicationListItem[]; more: boolean; counts: Record<string, number> }> {
    const cursorId = page.after ?? page.before;
    const position = cursorId ? await this.deps.applications.applicationPosition(partnerId, cursorId) : undefined;
    // the shared paging rule: a cursor that names no application of this partner is refused
    if (cursorId && !position)
      throw new InvalidRequestError(`${page.after ? 'after' : 'before'}: unknown cursor: no application of this partner has this id.`, {
        attribute: page.after ? 'after' : 'before',
      });
    const query: ApplicationListQuery = { ...filters, limit: page.limit, ...(position ? (page.after ? { after: position } : { before: position }) : {}) };
    const [{ items, more }, counts] = await Promise.all([
      this.deps.applications.listApplications(partnerId, query),
      this.deps.applications.countApplications(partnerId),
    ]);
    return { items, more, counts };
  }

  counts(partnerId: string): Promise<Record<string, number>> {
    return this.deps.applications.countApplications(partnerId);
  }

  /** The application page; another partner's id is 404 exactly like an unknown one. */
  async page(partnerId: string, applicationId: string): Promise<ApplicationPage> {
    const app = await this.deps.applications.getApplication(partnerId, applicationId);
    const [payments, notifications] = await Promise.all([
      this.deps.payments.paymentsOf(partnerId, applicationId),
      this.deps.events.notificationsOf(partnerId, applicationId, NOTIFICATIONS_PER_APPLICATION),
    ]);
    const deliveries = await this.deps.webhooks.service.deliveriesOf(
      partnerId,
      notifications.map((e) => ({ id: e.webhookId, url: e.url, createdAt: e.occurredAt.toISOString() })),
    );
    const settlements = await this.deps.payments.partnerSettlements.ofPayments(
      partnerId,
      payments.map((x) => x.paymentId),
    );
    return {
      app,
      allowed: this.deps.applications.allowedActionsOf(app),
      payments,
      settlements,
      timeline: timelineOf(app, payments, notifications, deliveries),
    };
  }
}

function timelineOf(app: ApplicationDoc, payments: PaymentBody[], events: FeedNotification[], deliveries: Map<string, DeliveryView>): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  for (const h of app.history) out.push({ at: h.at, kind: 'state', event: h.event, state: h.state, stateReason: h.stateReason });
  for (const f of app.order.fulfilment) {
    out.push({
      at: f.at,
      kind: 'fulfilment',
      operation: f.operation,
      items: f.items.map((i) => ({ name: app.order.items[i.index]?.name ?? `#${i.index + 1}`, quantityMilli: i.quantityMilli })),
      ...(f.amount ? { amount: f.amount } : {}),
    });
  }
  for (const p of payments) out.push({ at: paymentTime(app, p, out), kind: 'payment', payment: p });
  for (const e of events) {
    const delivery = deliveries.get(e.webhookId);
    out.push({ at: e.occurredAt, kind: 'notification', event: e, ...(delivery ? { delivery } : {}) });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const CAUSES: Record<string, readonly string[]> = { PAYOUT: ['SEND', 'DELIVER'], CREDIT_NOTE: ['RETURN', 'CANCEL', 'CHANGE'] };

/**
 * A payment carries its date only: on the timeline it follows the fulfilment of that day
 * that caused it (a payout a send or deliver, a credit note a return or cancel), else the
 * day's start.
 */
function paymentTime(app: ApplicationDoc, p: PaymentBody, placed: TimelineEntry[]): Date {
  const day = new Date(`${p.date}T00:00:00Z`);
  const taken = new Set(placed.filter((e) => e.kind === 'payment').map((e) => e.at.getTime()));
  const cause = app.order.fulfilment
    .filter((f) => (CAUSES[p.type] ?? []).includes(f.operation) && f.at.toISOString().slice(0, 10) >= p.date)
    .map((f) => f.at.getTime() + 1)
    .find((t) => !taken.has(t));
  return cause !== undefined ? new Date(cause) : day;
}
