import { Counter } from 'prom-client';
import type { AppModule, Platform } from '../../platform/module.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { bearerAuth, perimeter } from './auth.middleware.js';
import { mountAuthRoutes } from './auth.routes.js';
import { LoginThrottle } from './login-throttle.js';
import { PartnerAdmin } from './partner-admin.js';
import { PartnerCache } from './partner-cache.js';
import { PartnerRateLimiter } from './partner-rate-limiter.js';
import { TokenService } from './tokens.js';
import { WindowCounters } from './window-counters.js';
import type { Middleware } from 'koa';
import type { AppState } from '../../platform/http/state.js';

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

const SWEEP_INTERVAL_MS = 60_000;

export type AuthPlatform = Pick<Platform, 'db' | 'logger' | 'config' | 'registry'>;

/** The auth module: login, the bearer perimeter, the shared rate limit, partner administration. */
export async function createAuthModule(platform: AuthPlatform): Promise<AuthModule> {
  const { config } = platform;
  const log = platform.logger.child({ module: 'auth' });
  const repo = new AuthRepository(platform.db);
  await repo.init();
  const tokens = new TokenService(repo, config.auth.cacheTtlMs);
  await tokens.init();
  const cache = new PartnerCache((id) => repo.findById(id), config.auth.cacheTtlMs);
  const counters = new WindowCounters(platform.db);
  const throttle = new LoginThrottle(counters, {
    maxPerPair: config.auth.loginMaxFailuresPerPair,
    maxPerUsername: config.auth.loginMaxFailuresPerUsername,
    maxPerClient: config.auth.loginMaxFailuresPerClient,
    windowMs: config.auth.loginThrottleWindowMs,
  });
  const admin = new PartnerAdmin(repo, cache);
  const service = new AuthService({ repo, tokens, cache, throttle, admin, logger: log });
  const limiter = new PartnerRateLimiter((key, windowMs, by, now) => counters.add(key, windowMs, by, now), config.rateLimitPerMinute);
  const failures = new Counter({
    name: 'auth_refusals_total',
    help: 'Requests refused by the perimeter, by reason (invalid_request, invalid_token, rate_limited)',
    labelNames: ['reason'],
    registers: [platform.registry],
  });
  const requireAuth = bearerAuth({ auth: service, limiter, failures });
  let sweeper: NodeJS.Timeout | undefined;

  return {
    name: 'auth',
    service,
    admin,
    tokens,
    requireAuth,
    before: [perimeter(requireAuth)],
    mount: (router) => mountAuthRoutes(router, service),
    revokeExposedToken: async (token) => {
      const revoked = await service.revokeToken(token);
      if (revoked) log.warn(revoked, 'a token sent over plain HTTP was revoked');
    },
    start: async () => {
      sweeper = setInterval(() => {
        counters.sweep().catch((err) => log.warn({ err }, 'sweeping ended rate-limit windows failed'));
      }, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },
    stop: async () => { clearInterval(sweeper); },
  } satisfies AuthModule & AppModule;
}
