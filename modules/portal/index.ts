/**
 * The partner portal's public face: the module factory, and the first owner the partners
 * CLI creates. How it is built and secured: docs/portal.md.
 */
export { createPortalModule, createFirstOwner, type PortalModule } from './create-portal-module.js';
export { portalMigrations } from './migrations.js';
export { portalSection, type PortalConfig } from './portal.config.js';
export { SettlementNotices } from './portal-settlement-notices.js';
