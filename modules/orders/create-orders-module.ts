import type { ApplicationsModule } from '../applications/index.js';
import { OrdersService, orderActionChecks } from './orders.service.js';
import { mountOrderRoutes } from './orders.routes.js';
import type { AppModule } from '../../platform/module.js';

/** The orders module has no calls of its own for other modules: they react to its events. */
export type OrdersModule = AppModule;

export interface OrdersModuleDeps {
  applications: Pick<ApplicationsModule, 'changeApplication' | 'findByOrder' | 'prepareDocuments' | 'registerAction' | 'getApplication'>;
}

/**
 * Composition root of the orders module: fulfilment, order change and order lookup routes.
 * It keeps no collection of its own: the order lives in the application (changed through
 * `changeApplication`), documents are the applications module's, and so is the lookup;
 * hence it needs nothing from the platform.
 */
export async function createOrdersModule(deps: OrdersModuleDeps): Promise<OrdersModule> {
  const service = new OrdersService({ applications: deps.applications });
  for (const [action, check] of orderActionChecks()) deps.applications.registerAction(action, check);
  return {
    name: 'orders',
    mount: (router) => mountOrderRoutes(router, service),
  };
}
