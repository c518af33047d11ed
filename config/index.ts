import { ConfigError, describeSections, loadSections, type SectionValues, type SettingDescription } from '../platform/config.js';
import { PLATFORM_SECTIONS } from '../platform/config-sections.js';
import { applicationsSection } from '../modules/applications/index.js';
import { eventsSection } from '../modules/events/index.js';
import { webhooksSection } from '../modules/webhooks/index.js';
import { authSection } from '../modules/auth/index.js';
import { portalSection } from '../modules/portal/index.js';
import { paymentsSection } from '../modules/payments/index.js';

/**
 * The whole configuration, composed from the sections of its owners: the platform's
 * (platform/config-sections.ts) and each module's (modules/<m>/<m>.config.ts, through the
 * module's door). Only the composition roots (api/, relay/, ops/, scripts) load it; each
 * module is handed the platform's sections and its own.
 */
export const SECTIONS = {
  ...PLATFORM_SECTIONS,
  auth: authSection,
  applications: applicationsSection,
  payments: paymentsSection,
  webhooks: webhooksSection,
  events: eventsSection,
  portal: portalSection,
};

export type Config = SectionValues<typeof SECTIONS>;

export { ConfigError };

/** Validates the environment (the process's unless `env` is given); throws ConfigError naming every bad variable. */
export function loadConfig(env?: NodeJS.ProcessEnv): Config {
  return loadSections(SECTIONS, env);
}

/** The variables by section, with defaults and descriptions, for the README's configuration table. */
export function describeConfig(): SettingDescription[] {
  return describeSections(SECTIONS);
}
