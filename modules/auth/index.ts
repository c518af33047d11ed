/**
 * The auth module's public face: partners, login, the bearer perimeter that every other
 * module's routes sit behind, and the tenant-isolation helpers. Other modules import this
 * file only. How to use it: docs/security.md.
 */
import type { Middleware } from 'koa';
import type { AppModule } from '../../platform/module.js';
import type { AppState } from '../../platform/http/state.js';
import type { AuthService } from './auth.service.js';
import type { PartnerAdmin } from './partner-admin.js';
import type { TokenService } from './tokens.js';

export { createAuthModule } from './create-auth-module.js';
export { LOGIN_PATH } from './auth.routes.js';
export { PROTECTED_PREFIXES } from './auth.middleware.js';
export { ownedBy, requireOwned, type PartnerOwned } from './tenancy.js';
export type { AuthService } from './auth.service.js';
export type { PartnerAdmin, CreatePartnerInput } from './partner-admin.js';
export type { PartnerView, PartnerSummary, PayoutTrigger } from './partner.model.js';

export interface AuthModule extends AppModule {
  service: AuthService;
  /** partner administration (the partners CLI; tests provision partners through it) */
  admin: PartnerAdmin;
  tokens: TokenService;
  /**
   * Puts the authenticated partner on ctx.state.partner and applies the rate limit, or
   * answers 401/429. Every path under PROTECTED_PREFIXES already passes through it (the
   * module's `before` middleware); add it to a route outside them that needs a partner.
   */
  requireAuth: Middleware<AppState>;
  revokeExposedToken(token: string): Promise<void>;
}

export { createPartnerDirectory, type PartnerDirectory } from './partner-directory.js';
