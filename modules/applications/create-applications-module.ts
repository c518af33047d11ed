import { Counter, Gauge } from 'prom-client';
import type { AppModule, Platform } from '../../platform/module.js';
import type { Logger } from '../../platform/logger.js';
import type { Reply } from '../../platform/idempotency.js';
import type { DocumentInput, DocumentMeta } from '../order-rules/index.js';
import type { ApplicationDoc, Status } from './application.model.js';
import { AllowedActions, type Action, type ActionCheck } from './application.actions.js';
import { ApplicationAnswers } from './application.mappers.js';
import { GatewayLinks } from './gateway-links.js';
import { MongoApplicationRepository } from './store/application.repository.js';
import { DocumentStore, httpsDocumentFetcher, type DocumentFetcher } from './store/document-store.js';
import { ApplicationListing, type ApplicationListItem, type ApplicationListQuery } from './store/index.js';
import { ApplicationChanges } from './change/change-application.js';
import type { Decide } from './change/compile-change.js';
import { cancelApplication, cancelCheck, cancelResult, type CancelInput } from './change/cancel-application.js';
import { mountCancelRoutes } from './change/cancel.routes.js';
import { mountPrecheckRoutes } from './decision/precheck.routes.js';
import { CreateApplication, type CreateConfig } from './create/create-application.js';
import { mountCreateRoutes } from './create/create.routes.js';
import { ApplicationReads, type OrderLookup } from './read/application-reads.js';
import { mountReadRoutes } from './read/read.routes.js';
import { RecurrenceService } from './recurrence/recurrence.service.js';
import { mountRecurrenceRoutes } from './recurrence/recurrence.routes.js';
import { DecisionService } from './decision/decision.service.js';
import { decisionConsumer } from './decision/decision.consumer.js';
import { GatewayService, type ShopNames } from './decision/gateway/gateway.service.js';
import { PaymentReferences } from './store/payment-references.js';
import { mountGatewayRoutes } from './decision/gateway/gateway.routes.js';
import { mountSandboxRoutes } from './decision/sandbox.routes.js';
import { ExpirySchedule } from './expiry/expiry.schedule.js';
import { ExpirySweeper } from './expiry/expiry.sweeper.js';
import type { CollectionAccount } from './collection-account.js';
import type { ApplicationsConfig } from './applications.config.js';
import { PeriodicJob } from '../../platform/periodic-job.js';
import { PrivacyRepository } from './store/privacy.repository.js';
import { ApplicationPrivacy, type ErasurePlan, type ErasureTarget } from './privacy/privacy.service.js';
import type { DataClass } from './privacy/anonymise.js';

export interface ApplicationsModule extends AppModule {
  /**
   * Loads the partner's application (another partner's id → 404 OBJECT_NOT_FOUND exactly
   * like an unknown one), runs the pure `decide(app)` under optimistic concurrency and
   * writes its fields, status (through the state machine), events and notification in one
   * atomic write with the outbox. Returns the new document and decide's result. `reply`: the
   * answer of the partner's request, kept in that same write under its Idempotency-Key
   * (a route's `reply(render)`); NO_REPLY (platform/idempotency.ts) when no request waits.
   */
  changeApplication<R = void>(
    partnerId: string,
    applicationId: string,
    decide: Decide<R>,
    reply: Reply<ApplicationDoc>,
  ): Promise<{ doc: ApplicationDoc; result: R | undefined }>;
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
  /** Cancels the application, as PUT .../cancel does (`input` valid by cancelApplicationSchema). */
  cancelApplication(
    partnerId: string,
    applicationId: string,
    input: CancelInput,
    reply: Reply<ApplicationDoc>,
    guard?: { ifVersion?: number },
  ): Promise<ApplicationDoc>;
  /** What a cancel would lead to (the status), as `cancelApplication` decides it, written nowhere. */
  previewCancel(app: ApplicationDoc, input: CancelInput): Status;
  /** The actions the API would accept on `app` now (its `allowedActions`). */
  allowedActionsOf(app: ApplicationDoc): Action[];
  /** The partner's applications, newest first, filtered and paged (the partner portal's list). */
  listApplications(partnerId: string, query: ApplicationListQuery): Promise<{ items: ApplicationListItem[]; more: boolean }>;
  /** How many of the partner's applications are in each state. */
  countApplications(partnerId: string): Promise<Record<ApplicationDoc['state'], number>>;
  /** The list position (cursor) of one of the partner's applications; null for another partner's or an unknown id. */
  applicationPosition(partnerId: string, applicationId: string): Promise<{ createdAt: Date; id: string } | null>;
  /**
   * One pass of the retention job now (it also runs by itself every RETENTION_JOB_INTERVAL):
   * anonymises every application past its class's retention; how many of each class.
   */
  anonymiseDue(now?: Date): Promise<Record<DataClass, number>>;
}

export interface ApplicationsModuleDeps {
  /** the fetcher of documents given as https URLs (tests pass one that trusts their local server) */
  fetcher?: DocumentFetcher;
  /** the partner's display name for the gateway page (the auth module's); without it, the redirect URL's host */
  shopName?: ShopNames;
  /** our collection account customers pay to (a payments setting, handed over by the composition root) */
  collection: CollectionAccount;
  /** the rules of fetching a document URL: the same as for calls to partners' webhook endpoints (webhooks settings) */
  outbound: { allowPrivateNetworks: boolean; timeoutMs: number };
}

/**
 * How far ahead the expiry schedule keeps due times: the default APPLICATION_TTL (24 h) with
 * room to spare; anything later (a recurrence's validity) is taken by the backstop pass.
 */
const EXPIRY_HORIZON_MS = 48 * 3600_000;

/** Composition root of the applications module (applications, gateway, decision, recurrences). */
export async function createApplicationsModule(platform: Platform, config: ApplicationsConfig, deps: ApplicationsModuleDeps): Promise<ApplicationsModule> {
  const { clock } = platform;
  const { http } = platform.config;
  const { sandbox } = platform.config.process;
  const logger = platform.logger.child({ module: 'applications' });
  const schedule = new ExpirySchedule({ granularityMs: config.expirySweepIntervalMs, horizonMs: EXPIRY_HORIZON_MS });
  const repo = await openRepository(platform, config, schedule, logger);
  const listing = new ApplicationListing(platform.db);
  const links = new GatewayLinks(repo, http.publicBaseUrl, clock);
  await links.init();
  const references = new PaymentReferences(platform.db);
  const s = buildServices(platform, config, { repo, links, logger, references, deps });
  const consumer = decisionConsumer(platform.consumerDeps, platform.topics, s.decisions);
  const sweeper = expirySweeper(platform, config, { repo, changes: s.changes, schedule, logger });
  const privacy = applicationPrivacy(platform.db, clock, config.retention, logger);
  const retention = new PeriodicJob('application-retention', retentionRun(platform, privacy), clock, config.retention.intervalMs, logger);
  return {
    name: 'applications',
    mount: (router) => {
      mountCreateRoutes(router, { answers: s.answers, creation: s.creation });
      mountReadRoutes(router, { reads: s.reads, answers: s.answers });
      mountCancelRoutes(router, { changes: s.changes, answers: s.answers });
      mountRecurrenceRoutes(router, { answers: s.answers, recurrences: s.recurrences, clock });
      mountGatewayRoutes(router, { gateway: s.gateway, decisions: s.decisions, publicBaseUrl: http.publicBaseUrl });
      mountPrecheckRoutes(router, { decisions: s.decisions, sandbox, currency: config.currencies[0] ?? 'CZK' });
      if (sandbox) mountSandboxRoutes(router, { reads: s.reads, answers: s.answers, gateway: s.gateway });
    },
    start: async () => {
      await consumer.start();
      sweeper.start();
      retention.start();
    },
    stop: async () => {
      await retention.stop();
      await sweeper.stop();
      await consumer.stop();
    },
    changeApplication: (partnerId, applicationId, decide, reply) => s.changes.change(partnerId, applicationId, decide, reply),
    getApplication: (partnerId, applicationId) => s.reads.get(partnerId, applicationId, 'OBJECT_NOT_FOUND'),
    findByOrder: (partnerId, query) => s.reads.findByOrder(partnerId, query),
    registerAction: (action, check) => s.actions.register(action, check),
    prepareDocuments: (inputs, attributeOf, now = clock.now()) => s.documents.prepare(inputs, attributeOf, now),
    sweepExpired: (now, opts) => sweeper.sweep(now, opts),
    cancelApplication: (partnerId, applicationId, input, reply, guard) => cancelApplication(s.changes, partnerId, applicationId, input, reply, guard),
    previewCancel: (app, input) => cancelResult(app, input),
    allowedActionsOf: (app) => s.actions.of(app),
    listApplications: (partnerId, query) => listing.list(partnerId, query),
    countApplications: (partnerId) => listing.counts(partnerId),
    applicationPosition: (partnerId, applicationId) => listing.position(partnerId, applicationId),
    anonymiseDue: (now) => privacy.anonymiseDue(now),
  };
}

/**
 * One run of the retention job, counted: the applications it anonymised by data class, and
 * when a run last went through to its end (a run that fails or is stopped does not count).
 */
function retentionRun(platform: Platform, privacy: ApplicationPrivacyPort) {
  const anonymised = new Counter({
    name: 'applications_anonymised_total',
    help: 'Applications anonymised by the retention job past their retention, by data class (CREDIT_RECORD, NOT_FINANCED)',
    labelNames: ['data_class'],
    registers: [platform.registry],
  });
  const lastRun = new Gauge({
    name: 'retention_job_last_success_timestamp_seconds',
    help: 'Unix time the last run of the retention job of this instance went through to its end (0 before the first); it runs every RETENTION_JOB_INTERVAL',
    registers: [platform.registry],
  });
  lastRun.set(0);
  return async (now: Date, stopping: () => boolean) => {
    const done = await privacy.anonymiseDue(now, stopping);
    for (const [dataClass, n] of Object.entries(done)) if (n) anonymised.inc({ data_class: dataClass }, n);
    if (!stopping()) lastRun.set(platform.clock.now().getTime() / 1000);
  };
}

/** The module's personal-data lifecycle over a store alone (the operators' program has no API around it). */
export interface ApplicationPrivacyPort {
  /** What erasing the person would do, changing nothing. */
  erasurePlan(target: ErasureTarget): Promise<ErasurePlan>;
  /** Anonymises the person's applications that carry no retention duty; says what it kept and why. */
  erase(target: ErasureTarget, reason: string): Promise<ErasurePlan & { anonymised: number }>;
  /** Anonymises every application past its class's retention. */
  anonymiseDue(now?: Date, stopping?: () => boolean): Promise<Record<DataClass, number>>;
}

export function applicationPrivacy(
  db: Platform['db'],
  clock: Platform['clock'],
  policy: { creditRecordsMs: number; notFinancedMs: number },
  logger: Pick<Logger, 'info' | 'warn'>,
): ApplicationPrivacyPort {
  const service = new ApplicationPrivacy(new PrivacyRepository(db), clock, policy, logger);
  return {
    erasurePlan: (target) => service.erasurePlan(target),
    erase: (target, reason) => service.erase(target, reason),
    anonymiseDue: (now, stopping) => service.anonymiseDue(now, stopping),
  };
}

/**
 * The store's repository; every write notes its due times in this instance's expiry schedule.
 * Duplicate claims an earlier version kept apart are adopted before the first request, so
 * the duplicate rule holds across the upgrade (docs/applications.md); a failure there costs
 * only that, and is logged.
 */
async function openRepository(platform: Platform, config: ApplicationsConfig, schedule: ExpirySchedule, logger: Logger): Promise<MongoApplicationRepository> {
  const repo = new MongoApplicationRepository(platform.db, platform.outbox, (doc) => {
    const now = platform.clock.now().getTime();
    schedule.note(doc.expiresAt, now);
    if (doc.recurrence?.state === 'READY') schedule.note(doc.recurrence.validUntil, now);
  });
  await repo.init();
  const since = new Date(platform.clock.now().getTime() - config.duplicateWindowMs);
  await repo.adoptLegacyDedupClaims(since).then(
    (adopted) => {
      if (adopted) logger.info({ adopted }, 'duplicate claims of the earlier version adopted');
    },
    (err) => logger.warn({ err }, 'duplicate claims of the earlier version not adopted: an identical create within the window may be created again'),
  );
  return repo;
}

interface ServiceParts {
  repo: MongoApplicationRepository;
  links: GatewayLinks;
  logger: Logger;
  references: PaymentReferences;
  deps: ApplicationsModuleDeps;
}

/** The use cases, each given only what it needs. */
function buildServices(platform: Platform, config: ApplicationsConfig, { repo, links, logger, references, deps }: ServiceParts) {
  const { clock } = platform;
  const { sandbox } = platform.config.process;
  const { fetcher, shopName: shopNames, collection, outbound } = deps;
  const cfg: CreateConfig = {
    currencies: config.currencies,
    applicationTtlMs: config.applicationTtlMs,
    gatewayTokenTtlMs: config.gatewayTokenTtlMs,
    duplicateWindowMs: config.duplicateWindowMs,
    allowPrivateNetworks: outbound.allowPrivateNetworks,
  };
  const documents = new DocumentStore(repo, fetcher ?? httpsDocumentFetcher(outbound), logger);
  const actions = new AllowedActions();
  actions.register('CANCEL', cancelCheck);
  const answers = new ApplicationAnswers(links, actions, collection);
  const changes = new ApplicationChanges({ repo, clock, config: { recurrenceValidityMs: config.recurrenceValidityMs } });
  const reads = new ApplicationReads(repo);
  const creation = new CreateApplication(repo, cfg, documents, clock);
  const decisions = new DecisionService({ repo, changes, sandbox, logger });
  const recurrences = new RecurrenceService({ repo, changes, decisions, documents, cfg, sandbox, clock });
  const gateway = new GatewayService({ repo, links, changes, references, account: collection, ...(shopNames ? { shopNames } : {}) });
  return { documents, actions, answers, changes, reads, creation, decisions, recurrences, gateway };
}

function expirySweeper(
  platform: Platform,
  config: ApplicationsConfig,
  parts: Pick<ConstructorParameters<typeof ExpirySweeper>[0], 'repo' | 'changes' | 'schedule' | 'logger'>,
): ExpirySweeper {
  const { registry } = platform;
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
