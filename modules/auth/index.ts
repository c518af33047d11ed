/**
 * The auth module's public face: partners, login, and the bearer middleware that every
 * other module's routes sit behind. Other modules import this file only.
 */
import type { Middleware } from 'koa';
import type { AppModule } from '../../platform/module.js';
import type { AppState } from '../../platform/http/state.js';
import type { AuthService } from './auth.service.js';

export { createAuthModule } from './create-auth-module.js';
export { LOGIN_PATH } from './auth.routes.js';
export type { AuthService, CreatePartnerInput } from './auth.service.js';
export type { PartnerView, PayoutTrigger } from './partner.model.js';

export interface AuthModule extends AppModule {
  service: AuthService;
  /** puts the authenticated partner on ctx.state.partner, or answers 401 */
  requireAuth: Middleware<AppState>;
  revokeExposedToken(token: string): Promise<void>;
}

export { createPartnerDirectory, type PartnerDirectory } from './partner-directory.js';
