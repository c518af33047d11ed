import type { AppModule, Platform } from '../../platform/module.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { bearerAuth } from './auth.middleware.js';
import { mountAuthRoutes } from './auth.routes.js';
import { TokenService } from './tokens.js';
import type { AuthModule } from './index.js';

export async function createAuthModule(platform: Pick<Platform, 'db' | 'logger'>): Promise<AuthModule> {
  const repo = new AuthRepository(platform.db);
  await repo.init();
  const tokens = new TokenService(repo);
  await tokens.init();
  const service = new AuthService(repo, tokens);
  const log = platform.logger.child({ module: 'auth' });
  return {
    name: 'auth',
    service,
    requireAuth: bearerAuth(service),
    mount: (router) => mountAuthRoutes(router, service),
    revokeExposedToken: async (token) => {
      if (await service.revokeToken(token, 'sent over plain HTTP')) log.warn('a token sent over plain HTTP was revoked');
    },
  };
}
