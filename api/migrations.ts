import type { Migration } from '../platform/migrations.js';
import { platformMigrations } from '../platform/platform.migrations.js';
import { authMigrations } from '../modules/auth/index.js';
import { applicationsMigrations } from '../modules/applications/index.js';
import { paymentsMigrations } from '../modules/payments/index.js';
import { webhooksMigrations } from '../modules/webhooks/index.js';
import { eventsMigrations } from '../modules/events/index.js';
import { portalMigrations } from '../modules/portal/index.js';

/** The steps the API's modules need applied before it serves, in order. */
export const API_MIGRATIONS: readonly Migration[] = [
  ...platformMigrations,
  ...authMigrations,
  ...applicationsMigrations,
  ...paymentsMigrations,
  ...webhooksMigrations,
  ...eventsMigrations,
  ...portalMigrations,
];
