/** The creates: POST /financing/v1/applications, and what a purchase on a recurrence shares with it. */
export { CreateApplication, assertAcceptable, type CreateConfig, type CreateOutcome } from './create-application.js';
export { buildApplication, duplicateKey, duplicateScopeOf } from './new-application.js';
export { DuplicateGuard } from './duplicate-guard.js';
export { mountCreateRoutes } from './create.routes.js';
