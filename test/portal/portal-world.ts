import type { Page } from 'playwright-core';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { decidedApplication, opPath, waitForReason } from '../orders/orders-harness.js';
import { freePort, launchBrowser } from '../gateway/browser.js';
import { startTestRelay } from '../relay/support/relay.js';
import { Receiver, acknowledge, type Behaviour } from '../relay/support/receiver.js';
import type { Relay } from '../../relay/create-relay.js';
import { systemClock } from '../../platform/clock.js';
import type { TestPartner } from '../support/partners.js';
import { completeSetup, signIn, type PortalUser } from './portal-support.js';

/**
 * One API (real Kafka and store), the relay, a partner's webhook endpoint that fails each
 * notification's first attempt and then acknowledges, and signed-in portal users of each
 * role in their own browsers.
 */
export interface PortalWorld {
  h: AppHarness;
  relay: Relay;
  endpoint: Receiver;
  base: string;
  pages: Record<'owner' | 'operator' | 'viewer', Page>;
  users: Record<'owner' | 'operator' | 'viewer', PortalUser>;
  /** an approved application of `partner` whose notifications go to the endpoint */
  approved(partner?: TestPartner, path?: string): Promise<any>;
  /** an approved application sent and delivered, its payout made and the application READY_PAID */
  paid(partner?: TestPartner): Promise<any>;
  put(path: string, body: unknown, partner?: TestPartner): Promise<any>;
  stop(): Promise<void>;
}

/** Fails the first attempt of every notification (503), acknowledges the retries. */
export const failFirst: Behaviour = (r, nth) => (nth === 1 ? { status: 503, body: { status: 'DOWN' } } : acknowledge(r, nth));

export async function startPortalWorld(env: Record<string, string> = {}): Promise<PortalWorld> {
  const port = await freePort();
  const h = await startHarness({
    HTTPS_PORT: String(port),
    PUBLIC_BASE_URL: `https://localhost:${port}`,
    WEBHOOK_RETRY_DELAYS: '300ms,300ms,300ms,300ms,300ms',
    ...env,
  });
  const relay = await startTestRelay(h.t.config);
  const endpoint = await new Receiver(failFirst).start();
  const base = h.t.baseUrl;
  const browsers: Array<Awaited<ReturnType<typeof launchBrowser>>> = [];
  const pages = {} as PortalWorld['pages'];
  const users = {} as PortalWorld['users'];
  const { accounts } = h.t.api.modules.portal;
  for (const role of ['owner', 'operator', 'viewer'] as const) {
    const email = `${role}-${h.partner.username}@shop.example`;
    const { setupToken } = await accounts.createUser({ id: h.partner.id, name: h.partner.username }, { email, name: `${role} user`, role });
    const b = await launchBrowser();
    browsers.push(b);
    const page = await b.context.newPage();
    users[role] = await completeSetup(page, `${base}/portal/setup/${setupToken}`, { email, password: `${role} password 123` }, systemClock);
    // the setup spent this step's code: sign in with the next step's (the authenticator's window allows one step ahead)
    await signIn(page, base, users[role], new Date(Date.now() + 30_000));
    await page.waitForURL(`${base}/portal/`);
    pages[role] = page;
  }
  const world: PortalWorld = {
    h,
    relay,
    endpoint,
    base,
    pages,
    users,
    approved: async (partner = h.partner, path = '/hooks') =>
      decidedApplication(h, partner, 'approve', { merchantUrls: { ...applicationBody().merchantUrls, notificationEndpoint: endpoint.url(path) } }),
    paid: async (partner = h.partner) => {
      const app = await world.approved(partner);
      await world.put(opPath(app.id, 'send'), {}, partner);
      await world.put(opPath(app.id, 'deliver'), {}, partner);
      await waitForReason(h, app.id, partner, 'READY_PAID');
      return app;
    },
    put: async (path, body, partner = h.partner) => {
      const res = await h.t.client.put(path, body, { token: partner.token });
      if (res.status !== 200) throw new Error(`PUT ${path}: ${res.status} ${res.text}`);
      return res.body;
    },
    stop: async () => {
      for (const b of browsers) await b.close();
      await relay.stop();
      await endpoint.stop();
      await h.stop();
    },
  };
  return world;
}

export { opPath, waitForReason };
