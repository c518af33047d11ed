import type { Platform } from '../../platform/module.js';
import type { AuthModule } from '../auth/index.js';
import type { ApplicationsModule } from '../applications/index.js';
import { OrderDocuments } from './order.documents.js';
import { OrdersService } from './orders.service.js';
import { mountOrderRoutes } from './orders.routes.js';
import type { OrdersModule } from './index.js';

export interface OrdersModuleDeps {
  auth: Pick<AuthModule, 'requireAuth'>;
  applications: Pick<ApplicationsModule, 'changeApplication' | 'getApplication'>;
}

/** Composition root of the orders module: fulfilment, order change and order lookup routes. */
export async function createOrdersModule(platform: Pick<Platform, 'db'>, deps: OrdersModuleDeps): Promise<OrdersModule> {
  const documents = new OrderDocuments(platform.db);
  const service = new OrdersService({ applications: deps.applications, documents, db: platform.db });
  return {
    name: 'orders',
    mount: (router) => mountOrderRoutes(router, deps.auth.requireAuth, service),
  };
}
