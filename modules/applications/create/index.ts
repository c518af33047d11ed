/** What a purchase on a recurrence (recurrence/) shares with the create: its checks, its document and its duplicate rule. */
export { assertAcceptable, type CreateConfig, type CreateOutcome } from './create-application.js';
export { buildApplication, duplicateKey, duplicateScopeOf } from './new-application.js';
export { DuplicateGuard } from './duplicate-guard.js';
