import type { Migration } from '../../platform/migrations.js';
import { PortalRepository } from './portal.repository.js';
import { RequestLog } from './request-log.js';
import { EndpointAlerts } from './portal-endpoint-alerts.js';
import { SessionStore } from './portal-sessions.js';

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
  {
    id: 'portal-0002-mail-and-alerts',
    description: 'users by role (who gets an endpoint alert), setup links and endpoint alerts under the outbox',
    up: async (db) => {
      await PortalRepository.createMailIndexes(db);
      await EndpointAlerts.createIndexes(db);
    },
  },
  {
    id: 'portal-0003-pending-forms',
    description: 'forms kept after their session ended, removed when they expire',
    up: async (db) => {
      await SessionStore.createIndexes(db);
    },
  },
];
