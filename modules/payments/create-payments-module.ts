import type { Platform, AppModule } from '../../platform/module.js';
import type { ApplicationsModule } from '../applications/index.js';
import { LedgerService } from './ledger.service.js';
import { MongoLedgerRepository } from './ledger.repository.js';
import { MongoPaymentLinesRepository } from './payment-lines.repository.js';
import { ledgerConsumer, paidConsumer } from './payments.consumers.js';
import { mountPaymentRoutes } from './payments.routes.js';

export type PaymentsModule = AppModule;

export interface PaymentsModuleDeps {
  applications: Pick<ApplicationsModule, 'changeApplication' | 'getApplication'>;
}

/** Composition root of the payments module: the ledger consumer, READY_PAID, the payments list. */
export async function createPaymentsModule(platform: Platform, deps: PaymentsModuleDeps): Promise<PaymentsModule> {
  const lines = new MongoPaymentLinesRepository(platform.db);
  const ledger = new LedgerService(new MongoLedgerRepository(platform.db, platform.outbox), platform.config.billing, platform.clock, lines);
  await ledger.init();
  const consumers = [
    ledgerConsumer(platform.consumerDeps, platform.topics, ledger),
    paidConsumer(platform.consumerDeps, platform.topics, deps.applications),
  ];
  return {
    name: 'payments',
    mount: (router) => mountPaymentRoutes(router, { applications: deps.applications, ledger, lines }),
    start: async () => { for (const c of consumers) await c.start(); },
    stop: async () => { for (const c of consumers) await c.stop(); },
  };
}
