import type { Migration } from '../../platform/migrations.js';
import { MongoApplicationRepository } from './store/application.repository.js';
import { ApplicationListing } from './store/application-listing.js';
import { PaymentReferences } from './store/payment-references.js';
import { PrivacyRepository } from './store/privacy.repository.js';
import { fillSearchTerms } from './store/search-backfill.js';

/** The applications module's steps, in order; ids are never renamed once shipped. */
export const applicationsMigrations: readonly Migration[] = [
  {
    id: 'applications-0001-indexes',
    description: 'applications: versioned writes, expiry, order lookup, the duplicate rule, the lists; payment_references',
    up: async (db) => {
      await MongoApplicationRepository.createIndexes(db);
      await ApplicationListing.createIndexes(db);
      await PaymentReferences.createIndexes(db);
    },
  },
  {
    id: 'applications-0002-privacy-indexes',
    description: "applications: the retention pass's due list (retention_due) and the document hash a shared attachment is found by (document_hash)",
    up: (db) => PrivacyRepository.createIndexes(db),
  },
  {
    id: 'applications-0003-search-terms',
    description: "applications: the portal's search terms (name words, order number runs) on every application, and their index (list_partner_search_newest)",
    up: async (db) => {
      await ApplicationListing.createSearchIndex(db);
      await fillSearchTerms(db);
    },
  },
];
