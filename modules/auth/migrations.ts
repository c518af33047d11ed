import type { Migration } from '../../platform/migrations.js';
import { MongoAuthRepository } from './auth.repository.js';
import { WindowCounters } from './window-counters.js';

/** The auth module's steps, in order; ids are never renamed once shipped. */
export const authMigrations: readonly Migration[] = [
  {
    id: 'auth-0001-indexes',
    description: 'partners: unique username; auth_counters: expiresAt for the sweep',
    up: async (db) => {
      await MongoAuthRepository.createIndexes(db);
      await WindowCounters.createIndexes(db);
    },
  },
];
