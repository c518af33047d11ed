import type { Migration } from '../../../platform/migrations.js';
import { platformMigrations } from '../../../platform/platform.migrations.js';
import { authMigrations } from '../../../modules/auth/index.js';
import { applicationsMigrations } from '../../../modules/applications/index.js';
import { paymentsMigrations } from '../../../modules/payments/index.js';
import { webhooksMigrations } from '../../../modules/webhooks/index.js';
import { eventsMigrations } from '../../../modules/events/index.js';
import { portalMigrations } from '../../../modules/portal/index.js';

/**
 * Every step of every module, in the order they are applied: what the API and the relay
 * need (api/migrations.ts, relay/migrations.ts; a unit test holds this list to cover both).
 */
export const ALL_MIGRATIONS: readonly Migration[] = [
  ...platformMigrations,
  ...authMigrations,
  ...applicationsMigrations,
  ...paymentsMigrations,
  ...webhooksMigrations,
  ...eventsMigrations,
  ...portalMigrations,
];
