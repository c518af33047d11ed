import type { Receiver, Received } from '../../relay/support/receiver.js';
import { verify } from '../../relay/support/receiver.js';

/** One notification the drill expects: an application's state change, and when the call that caused it started. */
export interface Expected {
  applicationId: string;
  label: string;
  triggeredAt: number;
}

export interface Arrival {
  applicationId: string;
  label: string;
  webhookId: string;
  at: number;
}

/**
 * What the partners' endpoint received, read incrementally (a drill sees thousands of
 * requests: each is verified and indexed once). A notification is identified by its
 * application and label (stateReason); delivering it under two webhook-ids is a duplicate
 * effect (the partner would apply it twice), the same webhook-id again is a redelivery the
 * partner deduplicates.
 */
export class NotificationLedger {
  private readonly cursors: number[];
  private readonly expected = new Map<string, Expected>();
  private readonly first = new Map<string, Arrival>();
  private readonly ids = new Map<string, Set<string>>();
  /** when each webhook-id first arrived (wall-clock ms) */
  private readonly firstAt = new Map<string, number>();
  /** notifications nobody asked for, by key */
  readonly unexpected = new Set<string>();
  private listeners: ((a: Arrival) => void)[] = [];

  /** one receiver per partner (its own endpoint, as partners have), with its webhook secret */
  constructor(private readonly endpoints: { receiver: Receiver; secret: string }[]) {
    this.cursors = endpoints.map(() => 0);
  }

  static key(applicationId: string, label: string): string {
    return `${applicationId} ${label}`;
  }

  expect(applicationId: string, label: string, triggeredAt: number): void {
    const key = NotificationLedger.key(applicationId, label);
    if (!this.expected.has(key)) this.expected.set(key, { applicationId, label, triggeredAt });
  }

  onArrival(listener: (a: Arrival) => void): void {
    this.listeners.push(listener);
  }

  /** Takes in what arrived since the last call. */
  poll(): void {
    this.endpoints.forEach(({ receiver, secret }, i) => {
      const requests = receiver.requests;
      for (; this.cursors[i]! < requests.length; this.cursors[i]!++) this.take(requests[this.cursors[i]!]!, secret);
    });
  }

  /** webhooks received so far, redeliveries included */
  get received(): number {
    return this.endpoints.reduce((n, e) => n + e.receiver.requests.length, 0);
  }

  private take(r: Received, secret: string): void {
    const body = verify(r, secret) as { id?: string; applicationId?: string; stateReason?: string; type?: string };
    const applicationId = String(body.applicationId ?? body.id);
    const label = String(body.type ?? body.stateReason);
    const key = NotificationLedger.key(applicationId, label);
    const ids = this.ids.get(key) ?? new Set();
    ids.add(r.webhookId);
    this.ids.set(key, ids);
    if (!this.firstAt.has(r.webhookId)) this.firstAt.set(r.webhookId, r.at);
    if (this.first.has(key)) return;
    const arrival = { applicationId, label, webhookId: r.webhookId, at: r.at };
    this.first.set(key, arrival);
    for (const l of this.listeners) l(arrival);
  }

  /** The webhook-ids the application's notification with this label arrived under, with when each first came. */
  arrivalsOf(applicationId: string, label: string): { webhookId: string; at: number }[] {
    return [...(this.ids.get(NotificationLedger.key(applicationId, label)) ?? [])].map((webhookId) => ({ webhookId, at: this.firstAt.get(webhookId)! }));
  }

  /** Under how many webhook-ids the application's notification with this label arrived (0: never). */
  webhookIdsOf(applicationId: string, label: string): number {
    return this.ids.get(NotificationLedger.key(applicationId, label))?.size ?? 0;
  }

  get expectedCount(): number {
    return this.expected.size;
  }

  delivered(): number {
    let n = 0;
    for (const key of this.expected.keys()) if (this.first.has(key)) n++;
    return n;
  }

  missing(): Expected[] {
    return [...this.expected].filter(([key]) => !this.first.has(key)).map(([, e]) => e);
  }

  /** Notifications sent under more than one webhook-id, and ones no call caused. */
  duplicates(): string[] {
    const out: string[] = [];
    for (const [key, ids] of this.ids) {
      if (ids.size > 1) out.push(`${key}: ${ids.size} webhook-ids`);
      else if (!this.expected.has(key)) out.push(`${key}: not caused by any call of the drill`);
    }
    return out;
  }

  /** Latencies (ms) from the causing call's start to the first arrival, optionally filtered. */
  latencies(filter: (e: Expected, a: Arrival) => boolean = () => true): number[] {
    const out: number[] = [];
    for (const [key, e] of this.expected) {
      const a = this.first.get(key);
      if (a && filter(e, a)) out.push(a.at - e.triggeredAt);
    }
    return out;
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
