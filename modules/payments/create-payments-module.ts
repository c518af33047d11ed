import type { Platform, AppModule } from '../../platform/module.js';
import type { ApplicationsModule } from '../applications/index.js';
import { LedgerService } from './ledger.service.js';
import { MongoLedgerRepository } from './ledger.repository.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import { ledgerConsumer, paidConsumer } from './payments.consumers.js';
import { mountPaymentRoutes } from './payments.routes.js';
import type { PaymentBody } from './payments.model.js';
import { PartnerPaymentsQuery, type DayTotal, type PartnerPaymentsPage } from './partner-payments.query.js';
import { mountSettlementRoutes } from './settlements.routes.js';
import { SettlementService, type SettlementPartners } from './settlement.service.js';
import { MongoSettlementsRepository } from './settlements.repository.js';
import { settlementJob } from './settlement.job.js';
import { settlementMetrics } from './settlement.metrics.js';
import { PartnerSettlementsQuery } from './partner-settlements.query.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import type { PaymentsConfig } from './payments.config.js';
import type { LedgerRecord, PayoutOrder, PayoutTerms } from './ledger.rules.js';

export interface PaymentsModule extends AppModule {
  /**
   * The payouts and credit notes of one of the partner's applications, as the payments API
   * lists them (by paymentId); empty for another partner's application.
   */
  paymentsOf(partnerId: string, applicationId: string): Promise<PaymentBody[]>;
  /**
   * The partner's payments dated from `fromDay` to `toDay` (YYYY-MM-DD, inclusive) across
   * its applications, as the payments API lists them: totals per day, a page in (date,
   * paymentId) order, or all of them one by one (an export).
   */
  partnerPayments: {
    dayTotals(partnerId: string, fromDay: string, toDay: string): Promise<DayTotal[]>;
    page(partnerId: string, fromDay: string, toDay: string, limit: number, after?: string): Promise<PartnerPaymentsPage>;
    each(partnerId: string, fromDay: string, toDay: string): AsyncIterable<PaymentBody>;
    eachLine(partnerId: string, fromDay: string, toDay: string): AsyncIterable<PaymentLineDoc>;
  };
  /**
   * The partner's settlements as the portal reads them (newest first, one with its lines,
   * its report, each payment's settlement, the open balance, the report's CSV of any lines).
   */
  partnerSettlements: PartnerSettlementsQuery;
  /**
   * A dry run of the ledger for one of the partner's applications: the payout or credit note
   * (or none) each order snapshot in turn will make, by the rule the ledger's consumer
   * applies to order events; `terms`: the partner's payout terms, used when the application
   * has no ledger yet.
   */
  previewPayments(partnerId: string, applicationId: string, terms: PayoutTerms, snapshots: PayoutOrder[]): Promise<Array<LedgerRecord | undefined>>;
}

export interface PaymentsModuleDeps {
  applications: Pick<ApplicationsModule, 'changeApplication' | 'getApplication'>;
  /** what settlements read of a partner (its bank account, whether its version knows settlements) */
  partners: SettlementPartners;
}

/** Composition root of the payments module: the ledger consumer, READY_PAID, the payments lists, the settlements and their daily job. */
export async function createPaymentsModule(platform: Platform, config: PaymentsConfig, deps: PaymentsModuleDeps): Promise<PaymentsModule> {
  const lines = new MongoPaymentLinesRepository(platform.db);
  const ledger = new LedgerService(new MongoLedgerRepository(platform.db, platform.outbox), config.billing, platform.clock, lines);
  await ledger.init();
  const { cutoff: time, timeZone, everyMs, crashAt } = config.settlement;
  const rule = { time, timeZone, everyMs };
  const crashHook = (step: string) => {
    if (step === crashAt) process.kill(process.pid, 'SIGKILL');
  };
  const metrics = settlementMetrics(platform.registry);
  const settlements = new SettlementService(
    new MongoSettlementsRepository(platform.db, platform.outbox),
    lines,
    deps.partners,
    rule,
    platform.clock,
    crashHook,
    metrics,
  );
  await settlements.init();
  const partnerPayments = new PartnerPaymentsQuery(lines);
  const job = settlementJob(settlements, platform.clock, platform.logger, metrics);
  const consumers = [ledgerConsumer(platform.consumerDeps, platform.topics, ledger), paidConsumer(platform.consumerDeps, platform.topics, deps.applications)];
  return {
    name: 'payments',
    mount: (router) => {
      mountPaymentRoutes(router, { applications: deps.applications, ledger, lines });
      mountSettlementRoutes(router, { settlements, lines, sandbox: platform.config.process.sandbox });
    },
    start: async () => {
      for (const c of consumers) await c.start();
      job.start();
    },
    stop: async () => {
      await job.stop();
      for (const c of consumers) await c.stop();
    },
    partnerPayments,
    partnerSettlements: new PartnerSettlementsQuery(settlements, lines),
    previewPayments: (partnerId, applicationId, terms, snapshots) => ledger.preview(partnerId, applicationId, terms, snapshots),
    paymentsOf: async (partnerId, applicationId) => {
      const found = await ledger.find(applicationId);
      return found && found.partnerId === partnerId ? found.records.map((r) => r.body).sort((a, b) => (a.paymentId < b.paymentId ? -1 : 1)) : [];
    },
  };
}
