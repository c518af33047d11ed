import type { Db } from 'mongodb';
import { Registry } from 'prom-client';
import { SignJWT, base64url } from 'jose';
import { newId } from '../../platform/ids.js';
import { NotFoundError } from '../../platform/errors.js';
import { partnerOf } from '../../platform/http/state.js';
import { createHttpApp, type AppRouter } from '../../platform/http/create-app.js';
import { listen } from '../../platform/http/servers.js';
import { LOGIN_PATH, ownedBy, requireOwned } from '../../modules/auth/index.js';
import type { TestApi } from '../support/api.js';
import { TestClient } from '../support/http.js';

/** The active signing key, opened as the service opens it (it is sealed at rest), for tests that must sign like the service (expired tokens). */
export async function activeSigningKey(t: TestApi): Promise<{ kid: string; secret: Uint8Array }> {
  const doc = await t.api.runtime.db
    .collection<{ _id: string; secret: string; active: boolean; createdAt: Date }>('auth_signing_keys')
    .find({ active: true })
    .sort({ createdAt: -1 })
    .limit(1)
    .next();
  if (!doc) throw new Error('no active signing key');
  const secret = t.api.runtime.secrets.open(doc.secret, `auth_signing_keys/${doc._id}`);
  return { kid: doc._id, secret: new Uint8Array(Buffer.from(secret, 'base64')) };
}

export interface ForgeOptions {
  sub: string;
  kid: string;
  secret: Uint8Array;
  gen?: number;
  iatOffsetSeconds?: number;
  ttlSeconds?: number;
  /** the signer's time, when it must agree with an API on a manual clock (default: the wall clock) */
  nowMs?: number;
}

/** A token shaped exactly like the service's, signed with the given key. */
export function signToken(o: ForgeOptions): Promise<string> {
  const iat = Math.floor((o.nowMs ?? Date.now()) / 1000) + (o.iatOffsetSeconds ?? 0);
  return new SignJWT({ gen: o.gen ?? 0 })
    .setProtectedHeader({ alg: 'HS256', kid: o.kid, typ: 'JWT' })
    .setSubject(o.sub)
    .setJti(newId())
    .setIssuer('partner-financing')
    .setAudience('partner-api')
    .setIssuedAt(iat)
    .setExpirationTime(iat + (o.ttlSeconds ?? 7200))
    .sign(o.secret);
}

/** `alg: none`: the header says unsigned, the signature part is empty. */
export function unsignedToken(claimsOf: string): string {
  const [, payload] = claimsOf.split('.');
  const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  return `${header}.${payload}.`;
}

/** Same header and signature, the payload's `sub` swapped for another partner's. */
export function tamperedToken(token: string, sub: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  return `${header}.${base64url.encode(JSON.stringify({ ...claims, sub }))}.${signature}`;
}

/**
 * A tiny partner-owned resource under /financing (so behind the real perimeter), built the
 * way docs/security.md tells modules to: load by _id, then ownedBy / requireOwned. Lets the
 * cross-partner tests run before the business modules land; the lead points them at the
 * real routes then.
 */
export function mountWidgets(router: AppRouter, db: Db): void {
  const col = db.collection<{ _id: string; partnerId: string; name: string }>('test_widgets');
  const notFound = (id: string) => () => new NotFoundError(`Widget ${id} not found.`);
  const base = '/financing/v1/test-widgets';
  router.post(base, async (ctx) => {
    const doc = { _id: newId(), partnerId: partnerOf(ctx).id, name: String((ctx.request.body as any)?.name ?? '') };
    await col.insertOne(doc);
    ctx.status = 201;
    ctx.body = { id: doc._id, name: doc.name };
  });
  router.get(`${base}/:id`, async (ctx) => {
    const doc = ownedBy(await col.findOne({ _id: ctx.params.id! }), partnerOf(ctx));
    if (!doc) throw notFound(ctx.params.id!)();
    ctx.body = { id: doc._id, name: doc.name };
  });
  router.put(`${base}/:id`, async (ctx) => {
    const doc = requireOwned(await col.findOne({ _id: ctx.params.id! }), partnerOf(ctx), notFound(ctx.params.id!));
    await col.updateOne({ _id: doc._id }, { $set: { name: String((ctx.request.body as any)?.name ?? '') } });
    ctx.body = { id: doc._id, name: (ctx.request.body as any)?.name };
  });
}

export interface PerimeterHarness {
  client: TestClient;
  baseUrl: string;
  plainUrl: string;
  close(): Promise<void>;
}

/**
 * The running test API's own auth module (same store, same keys, same limiter) composed
 * into a second app with the widget routes, on the real listeners (HTTPS + plain HTTP):
 * the perimeter under test is the production code, only the route table is extended.
 */
export async function startWithWidgets(t: TestApi): Promise<PerimeterHarness> {
  const auth = t.api.modules.auth;
  const app = createHttpApp({
    logger: t.api.runtime.logger,
    registry: new Registry(),
    trustProxy: t.config.http.trustProxy,
    before: auth.before,
    mount: (router) => {
      auth.mount!(router);
      mountWidgets(router, t.api.runtime.db);
    },
  });
  const listening = await listen({
    app,
    tls: t.api.tls,
    logger: t.api.runtime.logger,
    host: '127.0.0.1',
    httpsPort: 0,
    httpPort: 0,
    publicBaseUrl: t.config.http.publicBaseUrl,
    trustProxy: t.config.http.trustProxy,
    credentialPaths: [LOGIN_PATH],
    onTokenExposed: (token) => auth.revokeExposedToken(token),
  });
  const baseUrl = `https://localhost:${listening.httpsPort}`;
  const client = new TestClient(baseUrl, t.api.tls.cert);
  return {
    client,
    baseUrl,
    plainUrl: `http://127.0.0.1:${listening.httpPort}`,
    close: async () => {
      client.close();
      await listening.close();
    },
  };
}

export async function widgetName(t: TestApi, id: string): Promise<string | undefined> {
  return (await t.api.runtime.db.collection<{ _id: string; name: string }>('test_widgets').findOne({ _id: id }))?.name;
}
