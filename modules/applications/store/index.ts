/**
 * The face of the application's store to the use cases: the port they ask by intent
 * (`ApplicationRepository`) and the attached documents. Only the composition root names the
 * MongoDB implementation (application.repository.ts), the only code here that names a
 * collection; the in-memory fake and the contract test sit beside it.
 */
export { DedupKeyTakenError, type ApplicationRepository, type CustomerAccountDoc } from './application.repository.js';
export { DocumentStore, type DocumentFetcher } from './document-store.js';
export { PaymentReferences } from './payment-references.js';
export { ApplicationListing, type ApplicationListQuery, type ApplicationListItem } from './application-listing.js';
export { orderTotals } from './order-totals.js';
export { PrivacyRepository } from './privacy.repository.js';
