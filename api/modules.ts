import type { AppModule, Platform } from '../platform/module.js';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../config/index.js';
import { createAuthModule, createPartnerDirectory, formatBankAccount, type AuthModule } from '../modules/auth/index.js';
import { CURRENT_API_VERSION, PUBLISHED_API_VERSION } from '../versions/index.js';
import { APPLICATION_TOPICS, createApplicationsModule, type ApplicationsModule, type DocumentFetcher } from '../modules/applications/index.js';
import { createOrdersModule, ORDER_TOPICS } from '../modules/orders/index.js';
import { createPaymentsModule, PAYMENT_TOPICS } from '../modules/payments/index.js';
import { createWebhooksModule } from '../modules/webhooks/index.js';
import { createEventsModule, type EventsModule } from '../modules/events/index.js';
import { createPortalModule, type PortalModule } from '../modules/portal/index.js';
import { MAIL_TOPIC } from '../platform/mail.js';
import { mailSender } from '../platform/mail-sender.js';

/**
 * The modules of the API process, in dependency order. Each module is built from the
 * platform and the public faces of the modules it needs; nothing else is shared.
 */
export interface ApiModules {
  auth: AuthModule;
  applications: ApplicationsModule;
  events: EventsModule;
  portal: PortalModule;
  list: AppModule[];
  /** revokes a token that was seen on plain HTTP: it must be treated as leaked */
  revokeExposedToken(token: string): Promise<void>;
}

/** The domain topics of the API's modules; the runtime creates them beside the platform's. */
export const API_TOPICS: readonly string[] = [
  ...Object.values(APPLICATION_TOPICS),
  ...Object.values(ORDER_TOPICS),
  ...Object.values(PAYMENT_TOPICS),
  MAIL_TOPIC,
];

/** What a test may replace when it builds the API (production passes nothing). */
export interface ApiOverrides {
  /** fetcher of documents given as https URLs (a test's local server has a self-signed certificate) */
  documentFetcher?: DocumentFetcher;
  /** the modules' time: a test moves a ManualClock instead of waiting for expiry */
  clock?: Clock;
}

export async function createModules(platform: Platform, config: Config, overrides: ApiOverrides = {}): Promise<ApiModules> {
  const auth = await createAuthModule(platform, config.auth);
  const applications = await createApplicationsModule(platform, config.applications, {
    ...(overrides.documentFetcher ? { fetcher: overrides.documentFetcher } : {}),
    shopName: (partnerId) => auth.service.displayName(partnerId),
    // settings of other owners the applications module needs, handed over here and nowhere else
    collection: config.payments.collection,
    outbound: { allowPrivateNetworks: config.webhooks.allowPrivateNetworks, timeoutMs: config.webhooks.timeoutMs },
  });
  const orders = await createOrdersModule({ applications, clock: platform.clock });
  const partners = createPartnerDirectory(platform.db, platform.secrets, platform.clock);
  // the portal is made after payments (it reads them); the settlement notices reach it through this
  // late binding, used only once the job runs, which starts after every module is made
  let portalForNotices: PortalModule | undefined;
  const payments = await createPaymentsModule(platform, config.payments, {
    applications,
    partners: {
      bankAccount: async (id) => {
        const a = await partners.bankAccount(id);
        return a ? formatBankAccount(a) : undefined;
      },
      // the published version has no settlements: its partners get no settlement webhook
      announcesSettlements: async (id) => ((await partners.apiVersion(id)) ?? CURRENT_API_VERSION) !== PUBLISHED_API_VERSION,
      noticeMails: async (id, settlement) => (portalForNotices ? portalForNotices.settlementNotices.mailsFor(id, settlement) : []),
    },
  });
  const webhooks = await createWebhooksModule(platform, {
    deliveryBodiesMs: config.webhooks.deliveryBodiesRetentionMs,
    intervalMs: config.applications.retention.intervalMs,
  });
  const events = await createEventsModule(platform, config.events, { deliveryStates: (partnerId, ns) => webhooks.service.statesOf(partnerId, ns) });
  const portal = await createPortalModule(platform, config.portal, { auth, applications, orders, payments, webhooks, events });
  portalForNotices = portal;
  return {
    auth,
    applications,
    events,
    portal,
    // the mail sender last: it sends what the modules' outboxes wrote
    list: [auth, applications, orders, payments, webhooks, events, portal, mailSender(platform)],
    revokeExposedToken: (token) => auth.revokeExposedToken(token),
  };
}
