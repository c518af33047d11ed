import type { Migration } from '../platform/migrations.js';
import { platformMigrations } from '../platform/platform.migrations.js';
import { webhooksMigrations } from '../modules/webhooks/index.js';

/** The steps the relay needs applied before it consumes: the deliveries' collection. */
export const RELAY_MIGRATIONS: readonly Migration[] = [...platformMigrations, ...webhooksMigrations];
