import type { Clock } from '../../platform/clock.js';
import { kafkaMessage } from '../../platform/kafka-message.js';
import type { Message, Producer } from 'kafkajs';
import type { Logger } from '../../platform/logger.js';
import type { Topics } from '../../platform/kafka.js';
import { NotFoundError, ServiceUnavailableError } from '../../platform/errors.js';
import { pagingInfo, resolveCursor, type PagingInfo } from '../../platform/http/paging.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import { deliveryIdOf, notificationOf, taskMessageSpec, type DeliveryDoc, type DeliveryState, type DeliveryTask } from './delivery.model.js';
import type { MongoDeliveryRepository } from './delivery.repository.js';
import { parseStateFilter, type ListQuery } from './webhooks.schemas.js';
import { deliveryDetail, deliveryView, responseTime, type DeliveryDetail, type DeliveryView } from './delivery.view.js';
import { REDELIVERIES_TOPIC } from './webhooks.topics.js';
import { endpointHealth, lowestIdAt, type EndpointHealth } from './endpoint-health.js';

export const DELIVERIES_PATH = '/financing/v1/webhooks/deliveries';
/** Deliveries read for an endpoint health view (the newest of the window). */
const HEALTH_SAMPLE = 5000;
/** Deliveries one recover redelivers at most (a second recover takes the rest). */
const RECOVER_MAX = 10_000;

export interface DeliveryPage {
  data: DeliveryView[];
  pagingInfo: PagingInfo;
}

export interface RedeliveryAccepted {
  deliveryId: string;
  webhookId: string;
  /** the round this redelivery starts (0 was the original delivery) */
  redelivery: number;
  requestedAt: string;
}

/**
 * What a partner can do with its webhook deliveries, in the API process: read the relay's
 * records, and ask for a redelivery by publishing a task on the redeliveries topic (the
 * relay records and sends it; this side writes nothing). A redelivery is a new round with
 * the same webhook-id; two requests for the same round are one redelivery.
 */
export class WebhooksService {
  constructor(private readonly deps: { repo: MongoDeliveryRepository; producer: Producer; topics: Topics; logger: Logger; clock: Clock }) {}

  async list(partnerId: string, q: ListQuery): Promise<DeliveryPage> {
    const states = parseStateFilter(q.filter);
    // a cursor names one of the partner's deliveries, whatever the filter (platform/http/paging.ts)
    await resolveCursor(q, (id) => this.deps.repo.findForPartner(partnerId, id), 'no webhook delivery of this partner has this deliveryId');
    const { items, more } = await this.deps.repo.page(partnerId, { limit: q.limit, after: q.after, before: q.before, states });
    const link = (cursor: 'after' | 'before', id: string) => {
      const params = new URLSearchParams({ limit: String(q.limit), [cursor]: id, ...(q.filter ? { filter: q.filter } : {}) });
      return `${DELIVERIES_PATH}?${params}`;
    };
    return {
      data: items.map(deliveryView),
      pagingInfo: pagingInfo(
        q,
        items.map((d) => d._id),
        more,
        link,
      ),
    };
  }

  async get(partnerId: string, deliveryId: string): Promise<DeliveryView> {
    return deliveryView(await this.owned(partnerId, deliveryId));
  }

  /** One delivery with each answer's headers and first kilobytes (the portal's delivery page). */
  async detail(partnerId: string, deliveryId: string): Promise<DeliveryDetail> {
    return deliveryDetail(await this.owned(partnerId, deliveryId));
  }

  async redeliver(partnerId: string, deliveryId: string): Promise<RedeliveryAccepted> {
    const doc = await this.owned(partnerId, deliveryId);
    if (doc.bodyClearedAt) throw new NotFoundError('No webhook delivery with this deliveryId can be redelivered: its body was cleared after its retention.');
    const task = this.redeliveryOf(doc, this.deps.clock.now());
    await this.publish([task]);
    return { deliveryId: doc._id, webhookId: doc.webhookId, redelivery: task.round, requestedAt: responseTime(new Date(task.dueAt)) };
  }

  async redeliverDeadLettered(partnerId: string): Promise<{ redeliveryCount: number }> {
    let redeliveryCount = 0;
    const now = this.deps.clock.now();
    for await (const all of this.deps.repo.deadLettered(partnerId)) {
      const docs = all.filter((d) => !d.bodyClearedAt); // a cleared body has nothing left to send
      if (!docs.length) continue;
      await this.publish(docs.map((d) => this.redeliveryOf(d, now)));
      redeliveryCount += docs.length;
    }
    return { redeliveryCount };
  }

  /**
   * The state of each notification's delivery, by webhook-id; a notification the relay has
   * not recorded yet is absent. The delivery id is derived from the notification, so this
   * is one look-up by `_id`.
   */
  async statesOf(partnerId: string, notifications: Array<Pick<NotificationRequest, 'id' | 'url' | 'createdAt'>>): Promise<Map<string, DeliveryState>> {
    const docs = await this.deps.repo.findMany(notifications.map(deliveryIdOf));
    return new Map(docs.filter((d) => d.partnerId === partnerId).map((d) => [d.webhookId, d.state]));
  }

  /** The delivery record of each notification (by webhook-id) as the partner sees it; unrecorded ones are absent. */
  async deliveriesOf(partnerId: string, notifications: Array<Pick<NotificationRequest, 'id' | 'url' | 'createdAt'>>): Promise<Map<string, DeliveryView>> {
    const docs = await this.deps.repo.findMany(notifications.map(deliveryIdOf));
    return new Map(docs.filter((d) => d.partnerId === partnerId).map((d) => [d.webhookId, deliveryView(d)]));
  }

  /**
   * The partner's endpoints and their health over the deliveries of notifications created
   * since `since` (at most `HEALTH_SAMPLE` of the newest: a bounded read per page view).
   */
  async health(partnerId: string, since: Date): Promise<{ endpoints: EndpointHealth[]; sampled: number; capped: boolean }> {
    const docs = await this.deps.repo.attemptsSince(partnerId, lowestIdAt(since), HEALTH_SAMPLE);
    return { endpoints: endpointHealth(docs, since), sampled: docs.length, capped: docs.length === HEALTH_SAMPLE };
  }

  /**
   * The endpoints the partner's notifications created since `since` went to (over the same
   * bounded read as `health`: the endpoints the portal lists).
   */
  async endpointsSince(partnerId: string, since: Date): Promise<string[]> {
    const docs = await this.deps.repo.attemptsSince(partnerId, lowestIdAt(since), HEALTH_SAMPLE);
    return [...new Set(docs.map((d) => d.url))];
  }

  /**
   * Recover: a redelivery of every delivery of a notification created since `since` that
   * is failing (retry scheduled) or dead-lettered. Each is a new round, so a retry of the
   * old round that comes later is stale and sends nothing twice.
   */
  async recover(partnerId: string, since: Date): Promise<{ redeliveryCount: number }> {
    const docs = (await this.deps.repo.since(partnerId, lowestIdAt(since), RECOVER_MAX, ['RETRY_SCHEDULED', 'DEAD_LETTERED'])).filter((d) => !d.bodyClearedAt);
    const now = this.deps.clock.now();
    for (let i = 0; i < docs.length; i += 500) await this.publish(docs.slice(i, i + 500).map((d) => this.redeliveryOf(d, now)));
    return { redeliveryCount: docs.length };
  }

  /** Another partner's delivery answers exactly like an unknown one. */
  private async owned(partnerId: string, deliveryId: string): Promise<DeliveryDoc> {
    const doc = await this.deps.repo.findForPartner(partnerId, deliveryId);
    if (!doc) throw new NotFoundError('No webhook delivery with this deliveryId.');
    return doc;
  }

  private redeliveryOf(doc: DeliveryDoc, now: Date): DeliveryTask {
    return { v: 1, deliveryId: doc._id, round: doc.round + 1, attempt: 1, dueAt: now.toISOString(), notification: notificationOf(doc) };
  }

  private async publish(tasks: DeliveryTask[]): Promise<void> {
    const messages: Message[] = tasks.map((t) => kafkaMessage(taskMessageSpec(t)));
    try {
      await this.deps.producer.send({ topic: this.deps.topics.name(REDELIVERIES_TOPIC), acks: -1, messages });
    } catch (err) {
      this.deps.logger.error({ err, count: tasks.length }, 'redelivery request could not be published');
      throw new ServiceUnavailableError('SERVICE_UNAVAILABLE', 'The redelivery could not be queued; repeat the request.');
    }
  }
}
