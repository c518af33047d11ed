/**
 * Where the relay benchmark's notifications come from. Each `create` is one "API call" that
 * leads to one application notification whose body `id` is the returned id; the receiver
 * correlates arrivals by that id, so end-to-end latency runs from the call to the
 * partner's endpoint.
 *
 * - `apiSource` (default): POST /financing/v1/applications over HTTPS on the real API; the
 *   applications module's PROCESSING notification is what the relay delivers
 *   (`apiProcessSource`: the same on an API that runs as its own process).
 * - `outboxSource`: what a module does, without the API: one document insert carrying the
 *   NotificationRequest in its outbox, published by the platform's OutboxPublisher.
 */
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import type { Api } from '../../api/create-api.js';
import type { Config } from '../../config/index.js';
import type { ApiProcess } from '../../test/support/api-process.js';
import { provisionPartnerByCli } from '../../test/support/partners.js';
import { VersionedStore, type Versioned } from '../../platform/versioned-store.js';
import { notificationEntry } from '../../platform/outbox.js';
import { newId } from '../../platform/ids.js';

export interface BenchPartner {
  id: string;
  url: string;
  token: string;
}

export interface NotificationSource {
  name: string;
  /** a partner whose notificationEndpoint is `url` */
  addPartner(url: string): Promise<BenchPartner>;
  /** resolves with the correlation id once the "API call" returned */
  create(partner: BenchPartner): Promise<string>;
}

function post(agent: https.Agent, url: URL, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A valid create-application body (sandbox rules: stays PROCESSING until the gateway). */
function applicationBody(notificationEndpoint: string) {
  const vat = { vatRate: 21, amount: 26033, currency: 'CZK' };
  return {
    type: 'DEFERRED_PAYMENT',
    customer: {
      firstName: 'Jana',
      lastName: 'Nováková',
      email: 'jana.novakova@example.com',
      phone: '+420777123456',
      addresses: [
        { addressType: 'BILLING', name: 'Jana Nováková', city: 'Praha', country: 'CZ', streetAddress: 'Vodičkova', streetNumber: '12', zip: '11000' },
      ],
    },
    order: {
      number: `B-${randomBytes(6).toString('hex')}`,
      totalPrice: { amount: 150000, currency: 'CZK' },
      totalVat: [vat],
      items: [
        {
          code: 'KTL-1',
          name: 'Electric kettle',
          type: 'PHYSICAL',
          quantity: 1,
          unitPrice: { amount: 150000, currency: 'CZK' },
          totalPrice: { amount: 150000, currency: 'CZK' },
          totalVat: vat,
        },
      ],
      variableSymbols: [String(Math.floor(Math.random() * 1e9))],
    },
    merchantUrls: { approvedRedirect: 'https://shop.example/ok', rejectedRedirect: 'https://shop.example/ko', notificationEndpoint },
  };
}

/** POSTs creates over HTTPS to the API at `base`, whose certificate is `ca`. */
function httpsCreates(base: string, ca: string, addPartner: NotificationSource['addPartner']): NotificationSource {
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 64 });
  return {
    name: 'POST /financing/v1/applications on the API (HTTPS)',
    addPartner: (url) => addPartner(url),
    async create(partner) {
      const res = await post(agent, new URL('/financing/v1/applications', base), applicationBody(partner.url), partner.token);
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    },
  };
}

export function apiSource(api: Api): NotificationSource {
  const base = `https://localhost:${api.httpsPort}`;
  const agent = new https.Agent({ ca: api.tls.cert, keepAlive: true });
  return httpsCreates(base, api.tls.cert, async (url) => {
    const username = `bench-${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('base64url');
    const view = await api.modules.auth.service.createPartner({ username, password });
    const login = await post(agent, new URL('/authentication/v1/partner', base), { username, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    return { id: view.id, url, token: login.body.accessToken };
  });
}

/** The same creates on an API that runs as its own process; partners come from the partners CLI. */
export function apiProcessSource(api: ApiProcess, config: Config): NotificationSource {
  return httpsCreates(api.baseUrl, api.cert, async (url) => {
    const partner = await provisionPartnerByCli(config, api.client);
    return { id: partner.id, url, token: partner.token };
  });
}

interface BenchApplication extends Versioned {
  partnerId: string;
  state: string;
}

export async function outboxSource(api: Api): Promise<NotificationSource> {
  const runtime = api.runtime;
  const store = new VersionedStore<BenchApplication>(runtime.db.collection<BenchApplication>('bench_applications'), runtime.outbox);
  await store.init();
  return {
    name: 'document write + outbox (as the modules do)',
    async addPartner(url) {
      const view = await api.modules.auth.service.createPartner({
        username: `bench-${randomBytes(4).toString('hex')}`,
        password: randomBytes(12).toString('base64url'),
      });
      return { id: view.id, url, token: '' };
    },
    async create(partner) {
      const applicationId = newId();
      const notification = {
        id: newId(),
        partnerId: partner.id,
        kind: 'APPLICATION' as const,
        url: partner.url,
        body: { id: applicationId, state: 'PROCESSING', stateReason: 'PROCESSING_REDIRECT_NEEDED' },
        sourceEventId: newId(),
        key: applicationId,
        createdAt: new Date().toISOString(),
      };
      await store.insert({ _id: applicationId, partnerId: partner.id, state: 'PROCESSING' }, [notificationEntry(notification)]);
      return applicationId;
    },
  };
}
