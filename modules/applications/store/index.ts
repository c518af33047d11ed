/**
 * The application's store: the port the use cases ask (`ApplicationRepository`, by
 * intent), its MongoDB implementation (the only code here that names a collection), and
 * the attached documents' bytes. The in-memory fake and the contract test sit beside them.
 */
export { MongoApplicationRepository, DedupKeyTakenError, type ApplicationRepository } from './application.repository.js';
export { DocumentStore, httpsDocumentFetcher, type DocumentFetcher } from './document-store.js';
