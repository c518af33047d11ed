export { createFinancingClient, withRetries, must, type FinancingApi, type FinancingClientOptions, type Fetch } from './client.js';
export { FinancingApiError, type ErrorRecord, type TokenErrorBody } from './errors.js';
export { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
export { fetchTrusting } from './transport.js';
export { WebhookVerifier, WebhookVerificationError, MemorySeenStore, ACKNOWLEDGEMENT, type SeenStore, type HeaderBag, type Outcome } from './webhooks.js';
export type * from './models.js';
export type { paths, components, operations } from './generated/api.js';
