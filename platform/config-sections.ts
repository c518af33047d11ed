import type { SectionValues } from './config.js';
import { processSection } from './process.config.js';
import { httpSection } from './http.config.js';
import { secretsSection } from './secrets.config.js';
import { storeSection } from './store.config.js';
import { kafkaSection } from './kafka.config.js';
import { outboxSection } from './outbox.config.js';
import { idempotencySection } from './idempotency.config.js';
import { metricsSection } from './metrics.config.js';
import { mailSection } from './mail.config.js';

/**
 * The platform's sections of the configuration, in the README table's order. A module
 * sees these (Platform.config) and its own section, never another module's.
 */
export const PLATFORM_SECTIONS = {
  process: processSection,
  http: httpSection,
  secrets: secretsSection,
  store: storeSection,
  kafka: kafkaSection,
  outbox: outboxSection,
  idempotency: idempotencySection,
  metrics: metricsSection,
  mail: mailSection,
};

export type PlatformConfig = SectionValues<typeof PLATFORM_SECTIONS>;

/** Only the platform's sections of a whole configuration (what a module is handed). */
export function platformConfig(config: PlatformConfig): PlatformConfig {
  return Object.fromEntries(Object.keys(PLATFORM_SECTIONS).map((k) => [k, config[k as keyof PlatformConfig]])) as PlatformConfig;
}
