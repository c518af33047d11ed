import type { Producer } from 'kafkajs';
import type { Abandon } from './abandon.js';
import type { Logger } from '../platform/logger.js';
import type { Topics } from '../platform/kafka.js';
import { KeyedMutex } from '../platform/keyed-mutex.js';
import { attemptKey, taskMessageSpec, type AttemptResult, type DeliveryDoc, type DeliveryTask, type DeliveryRepository } from '../modules/webhooks/index.js';
import { precheck, recordAttempt, type FollowUp, type RetryPolicy } from './delivery.policy.js';
import { AbortedError, BUSY, type EndpointLimiter } from './endpoint-limiter.js';
import type { BodyShaper, SecretSource } from './partner-secrets.js';
import type { RelayMetrics } from './relay.metrics.js';
import { RELAY_TOPICS, retryTopic } from './relay.topics.js';
import type { WebhookSigner } from './signing.js';
import { ABORTED, type WebhookClient } from './webhook-client.js';
import { parsePartnerUrl } from '../platform/net/partner-url.js';
import { retryWithBackoff } from '../platform/retry.js';
import type { Clock } from '../platform/clock.js';
import { BrokerUnavailable, StoreUnavailable } from '../platform/errors.js';
import { deadLetterMessage, kafkaMessage } from '../platform/kafka-message.js';
import { currentTrace, inSpan, SpanKind, SpanStatusCode } from '../platform/tracing.js';

/**
 * Handles one delivery task: look at the record, send the attempt unless it is recorded,
 * record it, then schedule what follows (retry topic or dead letter). The order is what
 * makes a crash harmless: the record is written before the follow-up is produced, and the
 * lane commits the message only after both, so a replay finds the record and just redoes
 * the follow-up (a duplicate retry message is recognised the same way).
 *
 * `done` means recorded and followed up (the offset may be committed); `abandoned` means
 * the relay is shutting down and the task is left for the restart. Any other failure
 * rejects, and the lane dead-letters the message with the reason: whatever goes wrong
 * with one message, the partition moves on.
 */
export type Handled = 'done' | 'abandoned';

export interface DelivererDeps {
  repo: DeliveryRepository;
  secrets: SecretSource;
  /** the body in the partner's API version (absent: sent as it was made) */
  shape?: BodyShaper;
  client: WebhookClient;
  signer: WebhookSigner;
  limiter: EndpointLimiter;
  producer: Producer;
  topics: Topics;
  policy: RetryPolicy;
  metrics: RelayMetrics;
  logger: Logger;
  clock: Clock;
  /** send the attempt's W3C `traceparent` to the partner (WEBHOOK_TRACEPARENT) */
  sendTraceparent?: boolean;
}

/** tries of a step failing with an error that is not the store's or the broker's */
const MAX_DEFECT_TRIES = 5;
/** thrown inside the retry loop when shutdown abandons the task */
const ABANDONED = Symbol('abandoned');

/**
 * A store or broker error: retried in place without limit (an outage stalls the partition
 * and loses nothing). Anything else is a defect or a message the relay cannot handle, and
 * retrying it forever would hold the partition for every partner behind it.
 */
function isInfrastructureError(err: unknown): boolean {
  // the store's and the broker's adapters translate their drivers' errors into these
  return err instanceof StoreUnavailable || err instanceof BrokerUnavailable;
}

export class Deliverer {
  /** the same attempt dispatched twice (rebalance replay) shares one run */
  private readonly running = new Map<string, Promise<Handled>>();
  /**
   * First attempts of one application's notifications to one endpoint go one at a time, in
   * Kafka order, so they normally arrive in order (PROCESSING before READY_TO_SHIP); a
   * retry can still overtake, which is why partners confirm by GET, as the spec asks.
   */
  private readonly inOrder = new KeyedMutex();

  constructor(private readonly deps: DelivererDeps) {}

  get active(): number {
    return this.running.size;
  }

  handle(task: DeliveryTask, signal: Abandon): Promise<Handled> {
    const key = `${task.deliveryId}:${attemptKey(task.round, task.attempt)}`;
    const existing = this.running.get(key);
    if (existing) return existing;
    const run = this.run(task, signal).finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  private async run(task: DeliveryTask, signal: Abandon): Promise<Handled> {
    if (signal.aborted) return 'abandoned';
    const loaded = await this.retrying('load the delivery record', signal, async () => {
      const doc = await this.deps.repo.get(task.deliveryId);
      const check = precheck(doc, task, this.deps.policy);
      return { doc, check };
    });
    if (loaded === ABORTED) return 'abandoned';
    const { doc, check } = loaded;
    if (check.kind === 'stale') return 'done';
    if (check.kind === 'recorded') return this.followUp(check.followUp, signal);

    const result = await this.tracedAttempt(task, signal);
    if (result === ABORTED) return 'abandoned';
    const followUp = await this.retrying('record the attempt', signal, () => this.record(doc, task, result));
    if (followUp === ABORTED) return 'abandoned';
    if (followUp === null) return 'done'; // another run recorded this attempt first
    this.count(task, result, followUp);
    return this.followUp(followUp, signal, result.error ?? result.outcome);
  }

  /**
   * The attempt as a client span of the delivery's trace: the endpoint's host (never the
   * path or the body), the attempt and round, the partner's status code and the outcome.
   */
  private tracedAttempt(task: DeliveryTask, signal: Abandon): Promise<AttemptResult | typeof ABORTED> {
    const n = task.notification;
    return inSpan(
      'webhook attempt',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'server.address': hostOf(n.url),
          'webhook.id': n.id,
          'webhook.delivery_id': task.deliveryId,
          'webhook.attempt': task.attempt,
          'webhook.round': task.round,
          'partner.id': n.partnerId,
        },
      },
      async (span) => {
        const result = await this.attempt(task, signal);
        if (!span.isRecording()) return result;
        if (result === ABORTED) {
          span.setAttribute('webhook.outcome', 'ABANDONED');
          return result;
        }
        span.setAttribute('webhook.outcome', result.outcome);
        if (result.statusCode !== undefined) span.setAttribute('http.response.status_code', result.statusCode);
        if (result.outcome !== 'ACKNOWLEDGED') span.setStatus({ code: SpanStatusCode.ERROR, message: result.outcome });
        return result;
      },
    );
  }

  /** Sends the attempt in the endpoint's slot; signs at send time so the timestamp is fresh. */
  private async attempt(task: DeliveryTask, signal: Abandon): Promise<AttemptResult | typeof ABORTED> {
    const n = task.notification;
    const now = this.deps.clock.now();
    let target: URL;
    try {
      target = parsePartnerUrl(n.url);
    } catch (err) {
      return { outcome: 'INVALID_ENDPOINT', startedAt: now, finishedAt: now, error: `the notificationEndpoint ${(err as Error).message}` };
    }
    const shape = this.deps.shape;
    const body = shape ? await this.retrying("read the partner's API version", signal, () => shape(n.partnerId, n.kind, n.body)) : n.body;
    if (body === ABORTED) return ABORTED;
    const payload = JSON.stringify(body);
    const secrets = await this.retrying('read the signing secrets', signal, () => this.deps.secrets(n.partnerId));
    if (secrets === ABORTED) return ABORTED;
    if (secrets.length === 0) {
      return { outcome: 'NO_SIGNING_SECRET', startedAt: now, finishedAt: now, error: 'the partner has no webhook secret' };
    }
    const send = () =>
      this.deps.limiter.run(
        target.origin,
        () => {
          const headers: Record<string, string> = { ...this.deps.signer.headers(n.id, payload, secrets, this.deps.clock.now()) };
          // the attempt's span as the partner's parent, so a partner that traces joins the trace
          const traceparent = this.deps.sendTraceparent === false ? undefined : currentTrace().traceparent;
          if (traceparent) headers.traceparent = traceparent;
          return this.deps.client.post(n.url, payload, headers, signal);
        },
        signal,
      );
    try {
      const r = task.attempt === 1 ? await this.inOrder.run(`${n.url} ${n.key}`, send) : await send();
      if (r !== BUSY) return r;
      return {
        outcome: 'ENDPOINT_BUSY',
        startedAt: now,
        finishedAt: this.deps.clock.now(),
        error: 'too many deliveries are waiting for this endpoint; no request was sent',
      };
    } catch (err) {
      if (err instanceof AbortedError) return ABORTED;
      // a defect while sending is recorded as this attempt's outcome and retried like any failure
      this.deps.logger.error({ err, deliveryId: task.deliveryId }, 'the relay failed to send an attempt');
      return { outcome: 'RELAY_ERROR', startedAt: now, finishedAt: this.deps.clock.now(), error: String((err as Error)?.message ?? err).slice(0, 500) };
    }
  }

  /** Writes the attempt under the version guard; null when the attempt turned out recorded or stale. */
  private async record(known: DeliveryDoc | null, task: DeliveryTask, result: AttemptResult): Promise<FollowUp | null> {
    let doc = known;
    for (;;) {
      const rec = recordAttempt(doc, task, result, this.deps.policy, this.deps.clock.now());
      if (rec.kind === 'stale') return null;
      const written = rec.kind === 'insert' ? await this.deps.repo.insert(rec.doc) : await this.deps.repo.update(task.deliveryId, doc!.version, rec.set);
      if (written) return rec.followUp;
      doc = await this.deps.repo.getNow(task.deliveryId); // a concurrent write: decide again on the fresh record
    }
  }

  /** `reason`: why a dead-lettered delivery was given up (the last attempt's outcome, when known). */
  private async followUp(f: FollowUp, signal: Abandon, reason = 'no attempt was acknowledged'): Promise<Handled> {
    if (f.kind === 'none') return 'done';
    const spec = taskMessageSpec(f.task);
    const message =
      f.kind === 'retry'
        ? kafkaMessage(spec)
        : deadLetterMessage({ ...spec, source: { topic: this.deps.topics.name(RELAY_TOPICS.notifications) }, reason, at: this.deps.clock.now() });
    const topic = this.deps.topics.name(f.kind === 'retry' ? retryTopic(f.delayMs) : RELAY_TOPICS.deadLetter);
    const sent = await this.retrying(`produce the ${f.kind}`, signal, () => this.deps.producer.send({ topic, acks: -1, messages: [message] }));
    return sent === ABORTED ? 'abandoned' : 'done';
  }

  private count(task: DeliveryTask, result: AttemptResult, f: FollowUp): void {
    const m = this.deps.metrics;
    m.attempts.inc({ outcome: result.outcome });
    m.attemptSeconds.observe(
      { outcome: result.outcome === 'ACKNOWLEDGED' ? 'acknowledged' : 'failed' },
      (result.finishedAt.getTime() - result.startedAt.getTime()) / 1000,
    );
    if (task.attempt === 1) m.firstAttemptSeconds.observe(Math.max(0, result.startedAt.getTime() - Date.parse(task.notification.createdAt)) / 1000);
    if (f.kind === 'none') {
      m.deliveries.inc({ outcome: 'delivered' });
      m.deliverySeconds.observe((result.finishedAt.getTime() - Date.parse(task.notification.createdAt)) / 1000);
    } else if (f.kind === 'retry') {
      m.retries.inc({ delay: String(f.delayMs) });
    } else {
      m.deliveries.inc({ outcome: 'dead_lettered' });
      m.deadLetters.inc();
      this.deps.logger.warn({ deliveryId: task.deliveryId, webhookId: task.notification.id, partnerId: task.notification.partnerId }, 'delivery dead-lettered');
    }
  }

  /**
   * Store and broker errors are retried in place with capped backoff (the task keeps its
   * place, the offset stays uncommitted); shutdown ends the wait. Any other error is tried
   * a few times and then thrown, for the lane to dead-letter the message.
   */
  private async retrying<T>(what: string, signal: Abandon, step: () => Promise<T>): Promise<T | typeof ABORTED> {
    try {
      return await retryWithBackoff(step, {
        interrupt: (wake) => signal.onAbort(wake),
        onFailure: (err, failures) => {
          if (signal.aborted) throw ABANDONED;
          if (!isInfrastructureError(err) && failures >= MAX_DEFECT_TRIES) throw err;
          this.deps.logger.warn({ err, failures }, `could not ${what}; retrying`);
        },
      });
    } catch (err) {
      if (err === ABANDONED) return ABORTED;
      throw err;
    }
  }
}

/** The endpoint's host, for the attempt's span ('' when the URL does not parse). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
