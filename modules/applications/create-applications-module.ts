import { Counter, Gauge } from 'prom-client';
import type { Platform } from '../../platform/module.js';
import type { AuthModule } from '../auth/index.js';
import { MongoApplicationRepository } from './application.repository.js';
import { ApplicationService } from './application.service.js';
import { AllowedActions } from './application.actions.js';
import { CreateApplication, type CreateConfig } from './application.create.js';
import { DocumentStore, httpsDocumentFetcher, type DocumentFetcher } from './application.documents.js';
import { applicationNotFound } from './application.errors.js';
import { mountApplicationRoutes } from './application.routes.js';
import { RecurrenceService } from './recurrence.service.js';
import { ExpirySweeper } from './expiry.sweeper.js';
import { ExpirySchedule } from './expiry.schedule.js';
import { DecisionService } from './decision/decision.service.js';
import { decisionConsumer } from './decision/decision.consumer.js';
import { GatewayLinks } from './gateway/gateway-links.js';
import { GatewayService } from './gateway/gateway.service.js';
import { mountGatewayRoutes } from './gateway/gateway.routes.js';
import { mountSandboxRoutes } from './sandbox.routes.js';
import type { AppModule } from '../../platform/module.js';
import type { Logger } from '../../platform/logger.js';
import type { ApplicationDoc, DocumentMeta } from './application.model.js';
import type { Decide } from './application.changes.js';
import type { DocumentInput } from './application.input.js';
import type { OrderLookup } from './application.service.js';
import type { Action, ActionCheck } from './application.actions.js';

export interface ApplicationsModule extends AppModule {
  /**
   * Loads the partner's application (another partner's id → 404 OBJECT_NOT_FOUND exactly
   * like an unknown one), runs the pure `decide(app)` under optimistic concurrency and
   * writes its fields, status (through the state machine), events and notification in one
   * atomic write with the outbox. Returns the new document and decide's result.
   */
  changeApplication<R = void>(partnerId: string, applicationId: string, decide: Decide<R>): Promise<{ doc: ApplicationDoc; result: R | undefined }>;
  /** The partner's application, or 404 OBJECT_NOT_FOUND. */
  getApplication(partnerId: string, applicationId: string): Promise<ApplicationDoc>;
  /**
   * The partner's application whose order matches every criterion given, the newest
   * (createdAt) when several do; null when none does, or when no criterion is given.
   * Another partner's application never matches.
   */
  findByOrder(partnerId: string, query: OrderLookup): Promise<ApplicationDoc | null>;
  /**
   * Registers how an operation another module owns is judged for `allowedActions`: `check`
   * must be the operation's own acceptance rule, run without writing (throws to refuse).
   */
  registerAction(action: Action, check: ActionCheck): void;
  /**
   * Documents attached anywhere (application, order change, fulfilment): decodes base64 or fetches an https URL (the
   * private-network guard, 500 kB), checks the sniffed MIME type against the spec's list,
   * stores the bytes by content hash and returns the metadata to keep in the order.
   * 400/422 naming `attributeOf(i)` for the i-th input; nothing is stored then.
   */
  prepareDocuments(inputs: DocumentInput[] | undefined, attributeOf: (index: number) => string, now?: Date): Promise<DocumentMeta[]>;
  /**
   * One expiry pass now (the sweeper runs one by itself when something is due:
   * ExpirySweeper); `concurrent` runs it beside one already running, as another instance would.
   */
  sweepExpired(now?: Date, opts?: { concurrent?: boolean }): Promise<number>;
}

export interface ApplicationsModuleDeps {
  auth: Pick<AuthModule, 'requireAuth'>;
  /** the fetcher of documents given as https URLs (tests pass one that trusts their local server) */
  fetcher?: DocumentFetcher;
}

/**
 * How far ahead the expiry schedule keeps due times: the default APPLICATION_TTL (24 h) with
 * room to spare; anything later (a recurrence's validity) is taken by the backstop pass.
 */
const EXPIRY_HORIZON_MS = 48 * 3600_000;

/** Composition root of the applications module (applications, gateway, decision, recurrences). */
export async function createApplicationsModule(platform: Platform, deps: ApplicationsModuleDeps): Promise<ApplicationsModule> {
  const { config, clock } = platform;
  const logger = platform.logger.child({ module: 'applications' });
  const schedule = new ExpirySchedule({ granularityMs: config.expirySweepIntervalMs, horizonMs: EXPIRY_HORIZON_MS });
  const repo = await openRepository(platform, schedule, logger);
  const links = new GatewayLinks(repo, config.http.publicBaseUrl, clock);
  await links.init();
  const s = buildServices(platform, { repo, links, logger, fetcher: deps.fetcher });
  const consumer = decisionConsumer(platform.consumerDeps, platform.topics, s.decisions);
  const sweeper = expirySweeper(platform, { repo, applications: s.applications, schedule, logger });
  return {
    name: 'applications',
    mount: (router) => {
      mountApplicationRoutes(router, { requireAuth: deps.auth.requireAuth, applications: s.applications, creation: s.creation, recurrences: s.recurrences });
      mountGatewayRoutes(router, { gateway: s.gateway, decisions: s.decisions, publicBaseUrl: config.http.publicBaseUrl });
      if (config.sandbox) mountSandboxRoutes(router, { requireAuth: deps.auth.requireAuth, applications: s.applications, gateway: s.gateway });
    },
    start: async () => {
      await consumer.start();
      sweeper.start();
    },
    stop: async () => {
      await sweeper.stop();
      await consumer.stop();
    },
    changeApplication: (partnerId, applicationId, decide) => s.applications.change(partnerId, applicationId, decide),
    getApplication: async (partnerId, applicationId) => {
      const doc = await repo.findForPartner(partnerId, applicationId);
      if (!doc) throw applicationNotFound('OBJECT_NOT_FOUND');
      return doc;
    },
    findByOrder: (partnerId, query) => s.applications.findByOrder(partnerId, query),
    registerAction: (action, check) => s.actions.register(action, check),
    prepareDocuments: (inputs, attributeOf, now = clock.now()) => s.documents.prepare(inputs, attributeOf, now),
    sweepExpired: (now, opts) => sweeper.sweep(now, opts),
  };
}

/**
 * The store's repository; every write notes its due times in this instance's expiry schedule.
 * Duplicate claims an earlier version kept apart are adopted before the first request, so
 * the duplicate rule holds across the upgrade (docs/applications.md); a failure there costs
 * only that, and is logged.
 */
async function openRepository(platform: Platform, schedule: ExpirySchedule, logger: Logger): Promise<MongoApplicationRepository> {
  const repo = new MongoApplicationRepository(platform.db, platform.outbox, (doc) => {
    const now = platform.clock.now().getTime();
    schedule.note(doc.expiresAt, now);
    if (doc.recurrence?.state === 'READY') schedule.note(doc.recurrence.validUntil, now);
  });
  await repo.init();
  const since = new Date(platform.clock.now().getTime() - platform.config.duplicateWindowMs);
  await repo.adoptLegacyDedupClaims(since).then(
    (adopted) => { if (adopted) logger.info({ adopted }, 'duplicate claims of the earlier version adopted'); },
    (err) => logger.warn({ err }, 'duplicate claims of the earlier version not adopted: an identical create within the window may be created again'),
  );
  return repo;
}

interface ServiceParts {
  repo: MongoApplicationRepository;
  links: GatewayLinks;
  logger: Logger;
  fetcher: DocumentFetcher | undefined;
}

/** The use cases, each given only what it needs. */
function buildServices(platform: Platform, { repo, links, logger, fetcher }: ServiceParts) {
  const { config, clock } = platform;
  const cfg: CreateConfig = {
    currencies: config.currencies,
    applicationTtlMs: config.applicationTtlMs,
    gatewayTokenTtlMs: config.gatewayTokenTtlMs,
    duplicateWindowMs: config.duplicateWindowMs,
    allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
  };
  const documents = new DocumentStore(repo, fetcher ?? httpsDocumentFetcher({ allowPrivateNetworks: config.webhooks.allowPrivateNetworks, timeoutMs: config.webhooks.timeoutMs }), logger);
  const actions = new AllowedActions();
  const applications = new ApplicationService({ repo, links, logger, actions, clock, config: { recurrenceValidityMs: config.recurrenceValidityMs } });
  const creation = new CreateApplication(repo, cfg, documents, clock);
  const decisions = new DecisionService({ repo, applications, sandbox: config.sandbox, logger });
  const recurrences = new RecurrenceService({ repo, applications, decisions, documents, cfg, sandbox: config.sandbox, clock });
  const gateway = new GatewayService({ repo, links, applications });
  return { documents, actions, applications, creation, decisions, recurrences, gateway };
}

function expirySweeper(platform: Platform, parts: Pick<ConstructorParameters<typeof ExpirySweeper>[0], 'repo' | 'applications' | 'schedule' | 'logger'>): ExpirySweeper {
  const { config, registry } = platform;
  return new ExpirySweeper({
    ...parts,
    clock: platform.clock,
    intervalMs: config.expirySweepIntervalMs,
    fullIntervalMs: config.expiryFullSweepIntervalMs,
    sweeps: new Counter({
      name: 'expiry_sweeps_total',
      help: 'Expiry passes over the applications, by what called for them (start; due: a time this instance wrote came; more: the last pass took a full batch; retry: it failed; backstop: EXPIRY_FULL_SWEEP_INTERVAL without a pass)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    lastSuccess: new Gauge({
      name: 'expiry_sweep_last_success_timestamp_seconds',
      help: 'Unix time the last expiry pass of this instance completed (0 before the first); a pass runs at least every EXPIRY_FULL_SWEEP_INTERVAL',
      registers: [registry],
    }),
  });
}
