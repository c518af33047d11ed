import Router from '@koa/router';
import type { Db } from 'mongodb';
import type { Clock } from '../../platform/clock.js';
import type { Middleware } from 'koa';
import type { AppModule, Platform } from '../../platform/module.js';
import type { AuthModule } from '../auth/index.js';
import type { PaymentsModule } from '../payments/index.js';
import { PortalRepository } from './portal.repository.js';
import { EndpointAlerts } from './portal-endpoint-alerts.js';
import { SettlementNotices } from './portal-settlement-notices.js';
import { PortalAccounts } from './portal-accounts.service.js';
import { portalPerimeter, PORTAL_PREFIX } from './portal.http.js';
import { mountAccountRoutes } from './portal-accounts.routes.js';
import { SessionStore } from './portal-sessions.js';
import { mountSessionRoutes } from './portal-sessions.routes.js';
import { PortalApplications, type PortalApplicationsDeps } from './portal-applications.service.js';
import { mountApplicationRoutes } from './portal-applications.routes.js';
import { actionsBlock, mountActionRoutes } from './portal-actions.js';
import { failingEndpointsWarning, mountWebhookRoutes } from './portal-webhooks.js';
import { mountDeveloperRoutes } from './portal-developers.js';
import { mountMoneyRoutes } from './portal-money.js';
import { mountSettlementRoutes } from './portal-settlements.js';
import { RequestLog } from './request-log.js';
import { PortalActions } from './portal-actions.service.js';
import { IdempotencyStore } from '../../platform/idempotency.js';
import { cancelApplicationSchema, type ApplicationsModule } from '../applications/index.js';
import { FULFILMENT_SCHEMAS, type OrdersModule } from '../orders/index.js';
import type { WebhooksModule } from '../webhooks/index.js';
import type { PortalConfig } from './portal.config.js';

export interface PortalModule extends AppModule {
  accounts: PortalAccounts;
  /** the partner API's request log (its middleware is in `before`) */
  requestLog: RequestLog;
  /** the sign-in form's path: a POST to it over plain HTTP carries a password and is refused */
  signInPath: string;
  /** the settlement notice e-mails, for the payments module's settlement writes (wired by the composition root) */
  settlementNotices: SettlementNotices;
}

export type PortalPlatform = Pick<Platform, 'db' | 'config' | 'clock' | 'logger' | 'outbox'>;

/**
 * The partner portal: server-rendered pages under /portal/ for a shop's staff. It sits in
 * the perimeter (`before`), ahead of the API's JSON body reader and router, so its forms,
 * cookies and pages never mix with the partner API (nor its OpenAPI document).
 */
export type PortalDeps = {
  auth: Pick<AuthModule, 'loginThrottle' | 'service' | 'admin' | 'tokens'>;
  applications: PortalApplicationsDeps['applications'] & Pick<ApplicationsModule, 'cancelApplication' | 'previewCancel'>;
  orders: Pick<OrdersModule, 'fulfil' | 'previewFulfilment'>;
  payments: PortalApplicationsDeps['payments'] & Pick<PaymentsModule, 'partnerPayments' | 'partnerSettlements' | 'previewPayments'>;
  webhooks: Pick<WebhooksModule, 'service' | 'testNotifications'>;
} & Omit<PortalApplicationsDeps, 'applications' | 'payments' | 'webhooks'>;

export async function createPortalModule(platform: PortalPlatform, config: PortalConfig, deps: PortalDeps): Promise<PortalModule> {
  // the API's outbox: an invitation's e-mail leaves with its setup link
  const repo = new PortalRepository(platform.db, platform.outbox);
  await repo.init();
  const portal = config;
  const { http } = platform.config;
  const accounts = new PortalAccounts({ repo, clock: platform.clock, throttle: deps.auth.loginThrottle, opts: portal, mailLinksFrom: http.publicBaseUrl });
  const alerts = new EndpointAlerts(platform.db, platform.outbox, {
    repo,
    webhooks: deps.webhooks.service,
    clock: platform.clock,
    logger: platform.logger.child({ module: 'portal' }),
    afterMs: portal.endpointAlertAfterMs,
    publicBaseUrl: http.publicBaseUrl,
  });
  await alerts.init();
  // strict: /portal and /portal/ are two paths (the first redirects to the second)
  const router = new Router({ strict: true });
  const store = new SessionStore(platform.db);
  const now = () => platform.clock.now();
  mountAccountRoutes(router, { accounts, publicBaseUrl: http.publicBaseUrl, sessionTtlMs: portal.sessionTtlMs, store, now });
  mountSessionRoutes(router, { accounts, repo, store, clock: platform.clock });
  const applications = new PortalApplications(deps);
  // the same key store as the API's Idempotency-Key header (its own `portal:` keys)
  const keys = new IdempotencyStore(platform.db, platform.config.idempotency, platform.clock);
  const actions = new PortalActions({
    applications: deps.applications,
    orders: deps.orders,
    payments: deps.payments,
    keys,
    partner: (partnerId) => deps.auth.service.partner(partnerId),
    schemas: { cancel: cancelApplicationSchema, fulfil: FULFILMENT_SCHEMAS },
  });
  mountActionRoutes(router, { accounts, applications, actions });
  mountApplicationRoutes(router, {
    accounts,
    applications,
    actions: actionsBlock,
    webhookWarning: (partnerId, m) => failingEndpointsWarning(deps.webhooks.service, partnerId, platform.clock.now(), m),
  });
  mountWebhookRoutes(router, { accounts, webhooks: deps.webhooks, keys, clock: platform.clock });
  mountMoneyRoutes(router, { accounts, payments: deps.payments, clock: platform.clock });
  mountSettlementRoutes(router, { accounts, payments: deps.payments });
  const requestLog = new RequestLog(platform.db, platform.logger.child({ module: 'portal' }));
  mountDeveloperRoutes(router, { accounts, keys, auth: deps.auth, requestLog, clock: platform.clock });
  const routes = router.routes() as unknown as Middleware;
  return {
    name: 'portal',
    accounts,
    signInPath: `${PORTAL_PREFIX}/sign-in`,
    settlementNotices: new SettlementNotices(repo, http.publicBaseUrl),
    // the request log first: it sees every partner API request after the bearer check
    before: [
      requestLog.middleware(),
      portalPerimeter({
        accounts,
        publicBaseUrl: http.publicBaseUrl,
        routes,
        shopName: (id) => deps.auth.service.displayName(id),
        sessions: { store, pendingFormTtlMs: portal.pendingFormTtlMs, now, knownUser: async (id) => (await repo.userById(id))?.enabled === true },
      }) as never,
    ],
    start: async () => alerts.start(),
    stop: async () => {
      await alerts.stop();
      await requestLog.flush();
    },
    requestLog,
  };
}

/** `ops partners portal-owner`: the first owner of a partner: the user and the one-time setup link to print. */
export async function createFirstOwner(
  store: { db: Db; clock: Clock; publicBaseUrl: string; setupLinkTtlMs: number },
  partner: { id: string; name: string },
  input: { email: string; name: string },
): Promise<{ userId: string; email: string; role: 'owner'; setupLink: string; expiresAt: string }> {
  const repo = new PortalRepository(store.db);
  // no sign-in happens here: the throttle is never asked
  const accounts = new PortalAccounts({
    repo,
    clock: store.clock,
    throttle: undefined as never,
    opts: { sessionTtlMs: 0, setupLinkTtlMs: store.setupLinkTtlMs },
  });
  const { user, setupToken, expiresAt } = await accounts.createUser(partner, { ...input, role: 'owner' });
  return {
    userId: user._id,
    email: user.email,
    role: 'owner',
    setupLink: `${store.publicBaseUrl.replace(/\/$/, '')}${PORTAL_PREFIX}/setup/${setupToken}`,
    expiresAt: expiresAt.toISOString(),
  };
}
