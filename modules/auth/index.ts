/**
 * The auth module's public face: partners, login, the bearer perimeter that every other
 * module's routes sit behind, and the tenant-isolation helpers. Other modules import this
 * file only. How to use it: docs/security.md.
 */

export { createAuthModule, type AuthModule } from './create-auth-module.js';
export { LOGIN_PATH } from './auth.routes.js';
export { PROTECTED_PREFIXES } from './auth.middleware.js';
export { ownedBy, requireOwned, type PartnerOwned } from './tenancy.js';
export type { AuthService } from './auth.service.js';
export type { PartnerAdmin, CreatePartnerInput } from './partner-admin.js';
export type { PartnerView, PartnerSummary, PayoutTrigger, WebhookSecretStatus } from './partner.model.js';
export type { SigningKeyStatus } from './tokens.js';
export { formatBankAccount, type BankAccount } from './bank-account.js';

export { createPartnerDirectory, type PartnerDirectory } from './partner-directory.js';
// the operators' program (ops/): partner administration and key rotation
export { createPartnerOperations, type PartnerOperations } from './partner-operations.js';

// The partner portal signs its users in with the same password hashing and login throttle.
export { hashPassword, verifyPassword, dummyHash, passwordProblem } from './passwords.js';
export type { LoginThrottle, LoginAttempt } from './login-throttle.js';
export { authMigrations } from './migrations.js';
export { authSection, type AuthConfig } from './auth.config.js';
