import type { ApplicationsModule } from '../applications/index.js';
import { OrdersService, orderActionChecks } from './orders.service.js';
import { mountOrderRoutes } from './orders.routes.js';
import type { AppModule } from '../../platform/module.js';
import type { Clock } from '../../platform/clock.js';

/**
 * Other modules mostly react to the orders module's events; the partner portal calls its
 * fulfilment use case (the very one the API's routes call) on a staff member's behalf.
 */
export interface OrdersModule extends AppModule {
  /** send / deliver / return / cancel items, as PUT .../order/{op} does; `body` valid by FULFILMENT_SCHEMAS[op] */
  fulfil: OrdersService['fulfil'];
  /** the dry run of `fulfil`: the same decision on the application as it is now, written nowhere */
  previewFulfilment: OrdersService['preview'];
}

export interface OrdersModuleDeps {
  applications: Pick<ApplicationsModule, 'changeApplication' | 'findByOrder' | 'prepareDocuments' | 'registerAction' | 'getApplication'>;
  clock: Clock;
}

/**
 * Composition root of the orders module: fulfilment, order change and order lookup routes.
 * It keeps no collection of its own: the order lives in the application (changed through
 * `changeApplication`), documents are the applications module's, and so is the lookup;
 * of the platform it needs only the clock.
 */
export async function createOrdersModule(deps: OrdersModuleDeps): Promise<OrdersModule> {
  const service = new OrdersService({ applications: deps.applications, clock: deps.clock });
  for (const [action, check] of orderActionChecks(deps.clock)) deps.applications.registerAction(action, check);
  return {
    name: 'orders',
    mount: (router) => mountOrderRoutes(router, service),
    fulfil: (partner, applicationId, op, body, reply, call, guard) => service.fulfil(partner, applicationId, op, body, reply, call, guard),
    previewFulfilment: (partnerId, applicationId, op, body) => service.preview(partnerId, applicationId, op, body),
  };
}
