import { Counter } from 'prom-client';
import type { AppModule, Platform } from '../../platform/module.js';
import { MongoAuthRepository, type AuthRepository } from './auth.repository.js';
import type { Logger } from '../../platform/logger.js';
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
import type { AuthConfig } from './auth.config.js';

export interface AuthModule extends AppModule {
  service: AuthService;
  /** partner administration (the operators' `ops partners`; tests provision partners through it) */
  admin: PartnerAdmin;
  tokens: TokenService;
  /** the login throttle (the partner portal's sign-in counts its failures on the same counters) */
  loginThrottle: LoginThrottle;
  /**
   * Puts the authenticated partner on ctx.state.partner and applies the rate limit, or
   * answers 401/429. Every path under PROTECTED_PREFIXES already passes through it (the
   * module's `before` middleware); add it to a route outside them that needs a partner.
   */
  requireAuth: Middleware<AppState>;
  revokeExposedToken(token: string): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60_000;

export type AuthPlatform = Pick<Platform, 'db' | 'logger' | 'registry' | 'clock' | 'secrets'>;

/** The auth module: login, the bearer perimeter, the shared rate limit, partner administration. */
export async function createAuthModule(platform: AuthPlatform, config: AuthConfig): Promise<AuthModule> {
  const log = platform.logger.child({ module: 'auth' });
  const repo = new MongoAuthRepository(platform.db, platform.secrets);
  const tokens = new TokenService(repo, platform.clock, config.cacheTtlMs);
  await tokens.init();
  const counters = new WindowCounters(platform.db);
  const { service, admin, throttle } = buildService(platform, config, { repo, tokens, counters, log });
  const requireAuth = buildPerimeter(platform, config, service, counters);
  const sweeper = counterSweeper(counters, log);
  return {
    name: 'auth',
    service,
    admin,
    tokens,
    loginThrottle: throttle,
    requireAuth,
    before: [perimeter(requireAuth)],
    mount: (router) => mountAuthRoutes(router, service),
    revokeExposedToken: async (token) => {
      const revoked = await service.revokeToken(token);
      if (revoked) log.warn(revoked, 'a token sent over plain HTTP was revoked');
    },
    start: async () => sweeper.start(),
    stop: async () => sweeper.stop(),
  } satisfies AuthModule & AppModule;
}

interface AuthParts {
  repo: AuthRepository;
  tokens: TokenService;
  counters: WindowCounters;
  log: Logger;
}

/** Login with its throttle, the bearer check over a short-lived partner cache, administration. */
function buildService(
  platform: AuthPlatform,
  auth: AuthConfig,
  { repo, tokens, counters, log }: AuthParts,
): { service: AuthService; admin: PartnerAdmin; throttle: LoginThrottle } {
  const cache = new PartnerCache((id) => repo.findById(id), auth.cacheTtlMs);
  const throttle = new LoginThrottle(counters, {
    maxPerPair: auth.loginMaxFailuresPerPair,
    maxPerUsername: auth.loginMaxFailuresPerUsername,
    maxPerClient: auth.loginMaxFailuresPerClient,
    windowMs: auth.loginThrottleWindowMs,
  });
  const admin = new PartnerAdmin(repo, platform.clock, cache);
  return { service: new AuthService({ repo, tokens, cache, throttle, admin, logger: log, clock: platform.clock }), admin, throttle };
}

/** The bearer middleware: token, then the partner's share of the rate limit; refusals counted. */
function buildPerimeter(platform: AuthPlatform, config: AuthConfig, service: AuthService, counters: WindowCounters): Middleware<AppState> {
  const limiter = new PartnerRateLimiter((key, windowMs, by, now) => counters.add(key, windowMs, by, now), config.rateLimitPerMinute);
  const failures = new Counter({
    name: 'auth_refusals_total',
    help: 'Requests refused by the perimeter, by reason (invalid_request, invalid_token, rate_limited)',
    labelNames: ['reason'],
    registers: [platform.registry],
  });
  return bearerAuth({ auth: service, limiter, failures, clock: platform.clock });
}

/** Deletes the counters of ended rate-limit windows every minute while the module runs. */
function counterSweeper(counters: WindowCounters, log: Logger): { start(): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    start: () => {
      timer = setInterval(() => {
        counters.sweep().catch((err) => log.warn({ err }, 'sweeping ended rate-limit windows failed'));
      }, SWEEP_INTERVAL_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
