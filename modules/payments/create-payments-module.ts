import type { Platform, AppModule } from '../../platform/module.js';
import type { ApplicationsModule } from '../applications/index.js';
import { LedgerService } from './ledger.service.js';
import { MongoLedgerRepository } from './ledger.repository.js';
import { ledgerConsumer, paidConsumer } from './payments.consumers.js';
import { mountPaymentRoutes } from './payments.routes.js';
import type { PaymentBody } from './payments.model.js';
import { PartnerPaymentsQuery } from './partner-payments.query.js';

export interface PaymentsModule extends AppModule {
  /**
   * The payouts and credit notes of one of the partner's applications, as the payments API
   * lists them (by paymentId); empty for another partner's application.
   */
  paymentsOf(partnerId: string, applicationId: string): Promise<PaymentBody[]>;
  /** The partner's payments dated from `fromDay` to `toDay` (YYYY-MM-DD, inclusive) across its applications. */
  paymentsOfPartner(partnerId: string, fromDay: string, toDay: string): Promise<{ payments: PaymentBody[]; complete: boolean }>;
}

export interface PaymentsModuleDeps {
  applications: Pick<ApplicationsModule, 'changeApplication' | 'getApplication'>;
}

/** Composition root of the payments module: the ledger consumer, READY_PAID, the payments list. */
export async function createPaymentsModule(platform: Platform, deps: PaymentsModuleDeps): Promise<PaymentsModule> {
  const ledger = new LedgerService(new MongoLedgerRepository(platform.db, platform.outbox), platform.config.billing, platform.clock);
  await ledger.init();
  const partnerPayments = new PartnerPaymentsQuery(platform.db);
  await partnerPayments.init();
  const consumers = [
    ledgerConsumer(platform.consumerDeps, platform.topics, ledger),
    paidConsumer(platform.consumerDeps, platform.topics, deps.applications),
  ];
  return {
    name: 'payments',
    mount: (router) => mountPaymentRoutes(router, { applications: deps.applications, ledger }),
    start: async () => { for (const c of consumers) await c.start(); },
    stop: async () => { for (const c of consumers) await c.stop(); },
    paymentsOfPartner: (partnerId, fromDay, toDay) => partnerPayments.between(partnerId, fromDay, toDay),
    paymentsOf: async (partnerId, applicationId) => {
      const found = await ledger.find(applicationId);
      return found && found.partnerId === partnerId ? found.records.map((r) => r.body).sort((a, b) => (a.paymentId < b.paymentId ? -1 : 1)) : [];
    },
  };
}
