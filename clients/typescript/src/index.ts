export { createFinancingClient, withRetries, must, type FinancingApi, type FinancingClientOptions, type Fetch } from './client.js';
export { FinancingApiError, FinancingConnectionError, type ErrorRecord, type TokenErrorBody, type ErrorCode } from './errors.js';
export { DEFAULT_RETRY, RETRIED_CONFLICTS, RETRIED_STATUSES, isRetriable, type RetryPolicy } from './retry.js';
export { fetchTrusting } from './transport.js';
export { WebhookVerifier, WebhookVerificationError, MemorySeenStore, ACKNOWLEDGEMENT, type SeenStore, type HeaderBag, type Outcome } from './webhooks.js';
export { WebhookSigner, type SignatureHeaders } from './signing.js';
export { CLIENT_VERSION } from './version.js';
export type * from './models.js';
export type { paths, components, operations } from './generated/api.js';
