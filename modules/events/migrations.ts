import type { Migration } from '../../platform/migrations.js';
import { MongoFeedRepository } from './events.repository.js';

/** The events module's steps, in order; ids are never renamed once shipped. */
export const eventsMigrations: readonly Migration[] = [
  {
    id: 'events-0001-indexes',
    description: 'event feed: unique webhookId; partner, application, seq',
    up: (db) => MongoFeedRepository.createIndexes(db),
  },
];
