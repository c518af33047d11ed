import { resolveCursor } from '../../platform/http/paging.js';
import type { NotificationRequest } from '../../platform/notifications.js';
import { eventView, type EventView, type FeedEntryDoc, type FeedHeadDoc } from './events.model.js';
import type { PagingInfo } from '../../platform/http/paging.js';
import { pageOf, pagingInfoOf, seqRange, type FeedQuery } from './events.paging.js';
import type { FeedRepository } from './events.repository.js';

export const EVENTS_PATH = '/financing/v1/events';

export interface EventPage {
  data: EventView[];
  pagingInfo: PagingInfo;
}

/** The relay's record states by webhook-id (absent: not recorded yet). */
export type DeliveryStates = (partnerId: string, notifications: Array<Pick<NotificationRequest, 'id' | 'url' | 'createdAt'>>) => Promise<Map<string, string>>;

export interface EventsServiceDeps {
  repo: FeedRepository;
  deliveryStates: DeliveryStates;
  retentionMs: number;
  now?: () => number;
}

/**
 * Reads the feed. Every read first takes the partner's head, and returns nothing above it:
 * every entry up to the head was written before the head was raised, so a page holds
 * every entry between its cursor and its end, and the next page continues from there.
 */
export class EventsService {
  private readonly now: () => number;

  constructor(private readonly deps: EventsServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async list(partnerId: string, q: FeedQuery): Promise<EventPage> {
    const since = new Date(this.now() - this.deps.retentionMs);
    const head = await this.deps.repo.headOf(partnerId);
    const cursor = await this.cursorSeq(partnerId, q, since);
    const found =
      q.applicationId !== undefined
        ? await this.ofApplication(partnerId, q.applicationId, head, cursor, since, q.limit + 1, q.before !== undefined)
        : q.before !== undefined
          ? await this.backward(partnerId, head, cursor!, since, q.limit + 1)
          : await this.forward(partnerId, head, cursor ?? 0, since, q.limit + 1);
    const { data, more } = pageOf(found, q);
    const states = await this.deps.deliveryStates(
      partnerId,
      data.map((d) => ({ id: d.webhookId, url: d.url, createdAt: d.occurredAt.toISOString() })),
    );
    return {
      data: data.map((d) => eventView(d, states.get(d.webhookId))),
      pagingInfo: pagingInfoOf(
        q,
        data.map((d) => d.webhookId),
        more,
        EVENTS_PATH,
      ),
    };
  }

  /** The seq of the cursor entry; an id that is not in this partner's retained feed is a 400 (platform/http/paging.ts). */
  private async cursorSeq(partnerId: string, q: FeedQuery, since: Date): Promise<number | undefined> {
    const entry = await resolveCursor(
      q,
      async (id) => {
        const found = await this.deps.repo.byWebhookId(id);
        // another partner's id answers exactly like an unknown one
        return found && found.partnerId === partnerId && found.recordedAt >= since ? found : null;
      },
      'no event with this id in the feed (unknown, or older than the feed keeps events)',
    );
    return entry?.seq;
  }

  /** Up to `want` retained entries above `after` and not above the head, lowest first. */
  private async forward(partnerId: string, head: FeedHeadDoc, after: number, since: Date, want: number): Promise<FeedEntryDoc[]> {
    const out: FeedEntryDoc[] = [];
    let next = Math.max(after, head.floor) + 1;
    while (out.length < want && next <= head.seq) {
      const to = Math.min(head.seq, next + want - out.length - 1);
      out.push(...retained(await this.deps.repo.bySeqs(partnerId, seqRange(next, to)), since));
      next = to + 1;
    }
    return out.slice(0, want);
  }

  /**
   * Up to `want` retained entries just below `before`, lowest first. Entry `before` exists,
   * so every entry below it does too: no head bound is needed.
   */
  private async backward(partnerId: string, head: FeedHeadDoc, before: number, since: Date, want: number): Promise<FeedEntryDoc[]> {
    const out: FeedEntryDoc[] = [];
    let next = before - 1;
    while (out.length < want && next > head.floor) {
      const from = Math.max(head.floor + 1, next - (want - out.length) + 1);
      out.unshift(...retained(await this.deps.repo.bySeqs(partnerId, seqRange(from, next)), since));
      next = from - 1;
    }
    return out.slice(Math.max(0, out.length - want));
  }

  private ofApplication(partnerId: string, applicationId: string, head: FeedHeadDoc, cursor: number | undefined, since: Date, want: number, backward: boolean) {
    return this.deps.repo.ofApplication(
      partnerId,
      applicationId,
      backward
        ? { above: head.floor, below: cursor!, since, limit: want, newest: true }
        : { above: Math.max(cursor ?? 0, head.floor), below: head.seq + 1, since, limit: want, newest: false },
    );
  }
}

function retained(docs: FeedEntryDoc[], since: Date): FeedEntryDoc[] {
  return docs.filter((d) => d.recordedAt >= since);
}
