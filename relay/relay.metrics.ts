import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * What an SRE watches on the relay's /metrics: attempts and deliveries by outcome, attempt
 * latency, end-to-end delivery latency, retries scheduled, dead letters, work in flight,
 * and consumer lag per lane and partition.
 */
export interface RelayMetrics {
  attempts: Counter<'outcome'>;
  attemptSeconds: Histogram<'outcome'>;
  deliveries: Counter<'outcome'>;
  deliverySeconds: Histogram;
  /** from the notification's write (with the change that caused it) to the start of its first attempt: the delivery SLO */
  firstAttemptSeconds: Histogram;
  retries: Counter<'delay'>;
  deadLetters: Counter;
  inFlight: Gauge<'lane'>;
  poisoned: Counter<'lane'>;
}

export function relayMetrics(registry: Registry): RelayMetrics {
  const registers = [registry];
  return {
    attempts: new Counter({
      name: 'webhook_attempts_total',
      help: 'Webhook attempts by outcome (ACKNOWLEDGED, HTTP_ERROR, TIMEOUT, NOT_ACKNOWLEDGED, NETWORK_ERROR, REFUSED_ADDRESS, ENDPOINT_BUSY, NO_SIGNING_SECRET, INVALID_ENDPOINT, RELAY_ERROR)',
      labelNames: ['outcome'],
      registers,
    }),
    attemptSeconds: new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: 'Duration of one webhook attempt (connect to acknowledgement or failure)',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    deliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Deliveries that reached a final outcome (delivered, dead_lettered)',
      labelNames: ['outcome'],
      registers,
    }),
    deliverySeconds: new Histogram({
      name: 'webhook_delivery_latency_seconds',
      help: "From the notification's creation to its acknowledgement by the partner",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 60, 600, 3600],
      registers,
    }),
    firstAttemptSeconds: new Histogram({
      name: 'webhook_first_attempt_latency_seconds',
      help: "From the notification's write (in the same write as the change it reports) to the start of its first attempt: what the webhook latency objective measures",
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    }),
    retries: new Counter({
      name: 'webhook_retries_scheduled_total',
      help: 'Retries put on a retry topic, by delay in ms',
      labelNames: ['delay'],
      registers,
    }),
    deadLetters: new Counter({
      name: 'webhook_dead_letters_total',
      help: 'Deliveries whose last attempt failed and that went to the dead-letter topic',
      registers,
    }),
    inFlight: new Gauge({
      name: 'webhook_in_flight',
      help: 'Deliveries dispatched and not yet recorded, per lane',
      labelNames: ['lane'],
      registers,
    }),
    poisoned: new Counter({
      name: 'webhook_poison_messages_total',
      help: 'Messages the relay could neither parse nor record, put on the dead-letter topic with the reason, per lane',
      labelNames: ['lane'],
      registers,
    }),
  };
}
