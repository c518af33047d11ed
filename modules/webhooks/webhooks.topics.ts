/**
 * Redeliveries asked for by partners through the API, as delivery tasks (logical name; the
 * deployment prefix is added by `Topics`). The API publishes them, the relay consumes them.
 */
export const REDELIVERIES_TOPIC = 'webhooks.redeliveries';
