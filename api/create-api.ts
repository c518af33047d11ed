import type http from 'node:http';
import type Koa from 'koa';
import type { Config } from '../config/index.js';
import type { Logger } from '../platform/logger.js';
import { createRuntime, type Runtime } from '../platform/runtime.js';
import { createHttpApp } from '../platform/http/create-app.js';
import { apiVersions, CURRENT_API_VERSION, PUBLISHED_API_VERSION } from '../versions/index.js';
import { PUBLISHED_RESPONSES } from '../versions/2026-11-26.js';
import { mountHealth } from '../platform/http/health.js';
import { Drain } from '../platform/http/drain.js';
import { TlsReloader } from '../platform/http/tls-reload.js';
import { listen, type Listening } from '../platform/http/servers.js';
import { selfSignedTls, type TlsMaterial } from '../platform/http/tls.js';
import type { AppState } from '../platform/http/state.js';
import { kafkaReachable } from '../platform/kafka.js';
import { serveMetrics } from '../platform/metrics.js';
import { PROJECT_VERSION } from '../platform/version.js';
import { IdempotencyStore } from '../platform/idempotency.js';
import { idempotency } from '../platform/http/idempotency.js';
import { API_TOPICS, createModules, type ApiModules, type ApiOverrides } from './modules.js';
import { LOGIN_PATH } from '../modules/auth/index.js';
import { declarePlatformRoutes } from '../platform/openapi/platform-routes.js';
import { ServiceUnavailableError } from '../platform/errors.js';
import { openMigrationGate, type MigrationGate } from '../platform/migrations.js';
import { API_MIGRATIONS } from './migrations.js';
import { mountApiDocs } from '../platform/openapi/serve.js';

export interface Api {
  app: Koa<AppState>;
  runtime: Runtime;
  modules: ApiModules;
  tls: TlsMaterial;
  httpsPort: number;
  httpPort: number;
  metricsPort: number;
  /**
   * drains: readiness answers 503 DRAINING for SHUTDOWN_DELAY while requests are served, then
   * stops listening, finishes in-flight requests, stops consumers, flushes the outbox
   */
  stop(): Promise<void>;
}

/**
 * The composition root of the API process: infrastructure, modules, one Koa app, the
 * HTTPS and plain-HTTP listeners and the metrics endpoint; then the modules' consumers.
 */
export async function startApi(config: Config, logger: Logger, overrides: ApiOverrides = {}): Promise<Api> {
  const runtime = await createRuntime(config, logger, 'api', API_TOPICS, overrides.clock);
  const gate = await openMigrationGate(runtime.db, API_MIGRATIONS, config.store.migrations, logger);
  const modules = await createModules(runtime, config, overrides);
  const keys = new IdempotencyStore(runtime.db, config.idempotency, runtime.clock);
  const drain = new Drain();
  const app = buildApp(runtime, modules, keys, drain, gate);
  const tls = config.http.tls ?? (await selfSignedTls());
  const { listening, metricsServer, stopWaiting } = await startServing(runtime, modules, app, tls, gate);
  // a renewed certificate from its files, without a restart (a self-signed one has no files)
  const files = config.http.tls;
  const reloader = files ? new TlsReloader({ certFile: files.certFile, keyFile: files.keyFile }, (m) => listening.setTls(m), logger, tls) : undefined;
  reloader?.start();
  // hourly at most: expired claims are dead weight, never a correctness matter
  const stopPurge = keys.purgeEvery(Math.min(config.idempotency.ttlMs, 3_600_000), (err) => logger.warn({ err }, 'expired idempotency keys not purged'));
  const metricsPort = (metricsServer.address() as { port: number }).port;
  logger.info({ httpsPort: listening.httpsPort, httpPort: listening.httpPort, metricsPort }, 'api listening');
  return {
    app,
    runtime,
    modules,
    tls,
    metricsPort,
    httpsPort: listening.httpsPort,
    httpPort: listening.httpPort,
    stop: async () => {
      // out of rotation first, still answering; then stop listening and finish what is in flight
      drain.start();
      if (config.http.shutdownDelayMs > 0) {
        logger.info({ delayMs: config.http.shutdownDelayMs }, 'draining: readiness answers 503 while requests are still served');
        await new Promise((r) => setTimeout(r, config.http.shutdownDelayMs));
      }
      stopPurge();
      reloader?.stop();
      await listening.close();
      await new Promise<void>((r) => metricsServer.close(() => r()));
      // modules that never started (migrations still missing) have nothing to stop
      if (await stopWaiting()) await stopModules(modules);
      await runtime.close();
    },
  };
}

/** One Koa app: health, the platform's routes, every module's routes, the API docs. */
function buildApp(runtime: Runtime, modules: ApiModules, keys: IdempotencyStore, drain: Drain, gate: MigrationGate): Koa<AppState> {
  const { config, logger } = runtime;
  return createHttpApp({
    logger,
    registry: runtime.registry,
    trustProxy: config.http.trustProxy,
    before: [drain.middleware(), untilMigrated(gate), ...modules.list.flatMap((m) => m.before ?? [])],
    idempotency: idempotency(keys, { crashAfterWrite: config.idempotency.crashAfterWrite }),
    versions: apiVersions,
    bearer: modules.auth.requireAuth,
    mount: (router) => {
      mountHealth(router, {
        projectVersion: PROJECT_VERSION,
        maintenance: config.http.maintenance,
        drain,
        notReady: () => (gate.ready ? undefined : gate.notReadyMessage()),
        topics: runtime.topicPresence,
        checks: {
          mongo: { critical: true, probe: async () => (await runtime.db.command({ ping: 1 })).ok === 1 },
          kafka: { critical: false, probe: () => kafkaReachable(runtime.kafka, 1500) },
        },
      });
      declarePlatformRoutes(router);
      for (const m of modules.list) m.mount?.(router);
      mountApiDocs(
        router,
        {
          title: 'Partner Financing API',
          version: PROJECT_VERSION,
          description: 'Buy-now-pay-later financing for partner shops. Money is integer minor units; times are ISO 8601 without fractional seconds.',
          serverUrl: config.http.publicBaseUrl,
        },
        {
          current: CURRENT_API_VERSION,
          older: {
            [PUBLISHED_API_VERSION]: {
              responses: PUBLISHED_RESPONSES,
              mediaType: 'application/json; charset=utf-8',
              securityScheme: 'httpBearer',
              optionalBodies: true,
            },
          },
        },
      );
    },
  });
}

/** Every request but health gets a retryable 503 NOT_READY while migrations are missing. */
function untilMigrated(gate: MigrationGate): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (gate.ready || ctx.path.startsWith('/v1/health')) return next();
    ctx.set('Retry-After', '5');
    throw new ServiceUnavailableError('NOT_READY', gate.notReadyMessage());
  };
}

/**
 * Starts the modules and the outbox, then listens; if any step fails, what started is
 * stopped again and the runtime closed before the error goes on. With migrations missing
 * it listens first (readiness answers NOT_READY) and starts the modules once they are
 * applied; `stopWaiting` ends that wait and answers whether the modules had started.
 */
async function startServing(
  runtime: Runtime,
  modules: ApiModules,
  app: Koa<AppState>,
  tls: TlsMaterial,
  gate: MigrationGate,
): Promise<{ listening: Listening; metricsServer: http.Server; stopWaiting(): Promise<boolean> }> {
  let listening: Listening | undefined;
  const startModules = async () => {
    for (const m of modules.list) await m.start?.();
    await runtime.outbox.start();
  };
  try {
    if (gate.ready) await startModules();
    listening = await listenFor(runtime, modules, app, tls);
    const { config } = runtime;
    const metricsServer = await serveMetrics(runtime.registry, config.metrics.host, config.metrics.apiPort);
    if (gate.ready) return { listening, metricsServer, stopWaiting: async () => true };
    const started = gate
      .whenApplied()
      .then(async (applied) => {
        if (!applied) return false;
        await startModules();
        gate.open();
        runtime.logger.info('store migrations applied: the modules started, the instance is ready');
        return true;
      })
      .catch((err) => {
        runtime.logger.error({ err }, 'modules did not start after the migrations were applied');
        return true;
      });
    return {
      listening,
      metricsServer,
      stopWaiting: () => {
        gate.stop();
        return started;
      },
    };
  } catch (err) {
    await listening?.close();
    for (const m of [...modules.list].reverse()) await m.stop?.().catch(() => {});
    await runtime.close();
    throw err;
  }
}

/** The HTTPS and plain-HTTP listeners; a token that arrives over plain HTTP is revoked as leaked. */
function listenFor(runtime: Runtime, modules: ApiModules, app: Koa<AppState>, tls: TlsMaterial): Promise<Listening> {
  const { http: h } = runtime.config;
  return listen({
    app,
    tls,
    logger: runtime.logger,
    host: h.host,
    httpsPort: h.httpsPort,
    httpPort: h.httpPort,
    publicBaseUrl: h.publicBaseUrl,
    trustProxy: h.trustProxy,
    credentialPaths: [LOGIN_PATH, modules.portal.signInPath],
    onTokenExposed: (token) => modules.revokeExposedToken(token),
  });
}

/** In reverse order of building: a module stops before the ones it depends on. */
async function stopModules(modules: ApiModules): Promise<void> {
  for (const m of [...modules.list].reverse()) await m.stop?.();
}
