import type { Migration } from '../../platform/migrations.js';
import { PortalRepository } from './portal.repository.js';
import { RequestLog } from './request-log.js';

/** The portal module's steps, in order; ids are never renamed once shipped. */
export const portalMigrations: readonly Migration[] = [
  {
    id: 'portal-0001-indexes',
    description: 'portal users, setup links, sessions, audit; the partner request log',
    up: async (db) => {
      await PortalRepository.createIndexes(db);
      await RequestLog.createIndexes(db);
    },
  },
];
