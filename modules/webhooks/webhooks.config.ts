import Joi from 'joi';
import { boolean, configSection, duration } from '../../platform/config.js';
import { parseDuration, parseDurationList } from '../../platform/duration.js';

/**
 * The webhooks module's settings, read by the relay that delivers; the composition root
 * hands the outbound rules (timeout, private networks) to the document fetch as well.
 */
export const webhooksSection = configSection({
  title: 'webhooks module (and the relay)',
  keys: {
    WEBHOOK_RETRY_DELAYS: Joi.string()
      .pattern(/^\d+(ms|s|m|h)(,\d+(ms|s|m|h))*$/)
      .default('1m,5m,5m,5m,5m')
      .description('delays between webhook tries'),
    WEBHOOK_TIMEOUT: duration.default('10s').description('per-attempt timeout of a webhook POST, and the time limit of fetching a document URL'),
    WEBHOOK_CONCURRENCY_PER_ENDPOINT: Joi.number().integer().min(1).max(100).default(4).description('deliveries in flight per partner endpoint'),
    WEBHOOK_MAX_QUEUED_PER_ENDPOINT: Joi.number()
      .integer()
      .min(0)
      .max(1000000)
      .default(10000)
      .description(
        'deliveries that may wait for a slot of one endpoint (each at most WEBHOOK_TIMEOUT); past that an attempt fails as ENDPOINT_BUSY and is retried',
      ),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: boolean.description('allow loopback/private webhook endpoints and document URLs (default: on unless production)'),
    // the exporter itself is set by the standard OTEL_* variables, read by the OpenTelemetry SDK (docs/operations.md)
    WEBHOOK_TRACEPARENT: boolean
      .default(true)
      .description("send the attempt's W3C `traceparent` header on webhook requests, so a partner that traces joins the trace (off: `false`)"),
    RETENTION_DELIVERY_BODIES_DAYS: Joi.number()
      .integer()
      .min(1)
      .default(30)
      .description("days a webhook delivery keeps the body it sent; then the body is cleared (the delivery's record and status stay)"),
  },
  shape: (v, run) => ({
    retryDelaysMs: parseDurationList(v.WEBHOOK_RETRY_DELAYS),
    timeoutMs: parseDuration(v.WEBHOOK_TIMEOUT),
    concurrencyPerEndpoint: v.WEBHOOK_CONCURRENCY_PER_ENDPOINT as number,
    maxQueuedPerEndpoint: v.WEBHOOK_MAX_QUEUED_PER_ENDPOINT as number,
    allowPrivateNetworks: (v.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? !run.production) as boolean,
    sendTraceparent: v.WEBHOOK_TRACEPARENT as boolean,
    deliveryBodiesRetentionMs: (v.RETENTION_DELIVERY_BODIES_DAYS as number) * 86_400_000,
  }),
});
export type WebhooksConfig = ReturnType<typeof webhooksSection.shape>;
