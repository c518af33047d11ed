/**
 * Where a notification's time goes, from timestamps the service leaves anyway (no change to
 * its code): the notification's `createdAt` (the create's clock, taken as the request is
 * handled), the Kafka record's CreateTime (kafkajs stamps it as it encodes the produce
 * request: the outbox publish), a tap consumer of the bench's own that notes when each record
 * could be fetched, the delivery record's attempt start and finish (the relay's POST), and
 * the receiver's arrival time. Every process runs on this machine, on one wall clock.
 */
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import type { Db } from 'mongodb';
import { DELIVERIES_COLLECTION } from '../../modules/webhooks/delivery.repository.js';
import type { DeliveryDoc } from '../../modules/webhooks/index.js';
import { now, summary } from '../support/pacing.js';

/** The times of one notification (ms since the epoch), by application id. */
export interface Trail {
  call: number;
  response?: number;
  created?: number;
  produced?: number;
  tapped?: number;
  attemptStart?: number;
  arrived?: number;
  attemptEnd?: number;
}

/** A consumer group of the bench's own on the notifications topic: CreateTime and fetch time per record. */
export class Tap {
  readonly seen = new Map<string, { produced: number; tapped: number }>();
  private readonly consumer: Consumer;
  private joined!: Promise<void>;

  constructor(
    brokers: string[],
    private readonly topic: string,
    groupId: string,
  ) {
    const kafka = new Kafka({ clientId: 'bench-tap', brokers, logLevel: logLevel.NOTHING });
    // an idle fetch waits at most this long; a record ends the wait at once (minBytes 1)
    this.consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  }

  /** Resolves once the tap has joined its group and fetches. */
  async start(): Promise<void> {
    this.joined = new Promise((resolve) => this.consumer.on(this.consumer.events.GROUP_JOIN, () => resolve()));
    await this.consumer.connect();
    await this.consumer.subscribe({ topic: this.topic, fromBeginning: true });
    await this.consumer.run({
      partitionsConsumedConcurrently: 3,
      eachBatch: async ({ batch }) => {
        const at = now();
        for (const m of batch.messages) {
          const id = (JSON.parse(m.value!.toString('utf8')) as { body?: { id?: string } }).body?.id;
          if (id && !this.seen.has(id)) this.seen.set(id, { produced: Number(m.timestamp), tapped: at });
        }
      },
    });
    await this.joined;
  }

  stop(): Promise<void> {
    return this.consumer.disconnect();
  }
}

/** The relay's first attempt of each notification, by application id (the delivery's `key`). */
export async function attemptTimes(db: Db): Promise<Map<string, { created: number; start: number; end: number }>> {
  const docs = await db
    .collection<DeliveryDoc>(DELIVERIES_COLLECTION)
    .find({ round: 0 }, { projection: { key: 1, notificationCreatedAt: 1, 'attempts.r0a1': 1 } })
    .toArray();
  const out = new Map<string, { created: number; start: number; end: number }>();
  for (const d of docs) {
    const a = d.attempts?.r0a1;
    if (a) out.set(d.key, { created: +d.notificationCreatedAt, start: +a.startedAt, end: +a.finishedAt });
  }
  return out;
}

/** Stages between consecutive marks of a trail; a stage is left out where a mark is missing. */
const STAGES: Array<[string, keyof Trail, keyof Trail]> = [
  ['end to end: call → arrival', 'call', 'arrived'],
  ['API response (call → 201)', 'call', 'response'],
  ['call → notification createdAt', 'call', 'created'],
  ['createdAt → Kafka CreateTime', 'created', 'produced'],
  ['201 received → Kafka CreateTime', 'response', 'produced'],
  ['CreateTime → tap fetched it', 'produced', 'tapped'],
  ['CreateTime → relay POST start', 'produced', 'attemptStart'],
  ['tap fetched → relay POST start', 'tapped', 'attemptStart'],
  ['relay POST start → arrival', 'attemptStart', 'arrived'],
  ['arrival → relay has the answer', 'arrived', 'attemptEnd'],
];

/** One line per stage: p50/p99/max over the trails that have both marks. */
export function stageLines(trails: Trail[]): string[] {
  return STAGES.map(([name, from, to]) => {
    const values = trails.filter((t) => t[from] !== undefined && t[to] !== undefined).map((t) => t[to]! - t[from]!);
    return `    ${name.padEnd(34)} ${summary(values)}  (n ${values.length})`;
  });
}

/**
 * The p99 of each `windowS`-second slice of a phase, end to end and for the stages where a
 * tail starts: whether a phase's tail comes from its first seconds (start-up), from one
 * slice (a pause somewhere) or from all along (load), and in which step.
 */
export function windowLines(trails: Trail[], windowS = 10): string[] {
  const start = Math.min(...trails.map((t) => t.call));
  const p99 = (v: number[]) => v.sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.99))]!;
  const shown: Array<[string, keyof Trail, keyof Trail]> = [STAGES[0]!, STAGES[1]!, STAGES[3]!, STAGES[6]!, STAGES[8]!];
  return shown.map(([name, from, to]) => {
    const slices: number[][] = [];
    for (const t of trails) {
      if (t[from] === undefined || t[to] === undefined) continue;
      (slices[Math.floor((t.call - start) / (windowS * 1000))] ??= []).push(t[to]! - t[from]!);
    }
    const label = `p99 by ${windowS} s, ${name.replace(/:.*/, '')}`;
    return `    ${label.padEnd(44)} ${[...slices].map((v) => (v?.length ? p99(v).toFixed(0) : '-')).join(' / ')} ms`;
  });
}
