/**
 * The decision: the customer at the gateway confirms (or declines), the decision consumer
 * screens and decides, and the sandbox stands in for the customer in partners' tests.
 */
export { DecisionService, verdictChange } from './decision.service.js';
export { decisionConsumer } from './decision.consumer.js';
export { accountIdOf, decideApplication } from './decision.rules.js';
export { GatewayService } from './gateway/gateway.service.js';
export { mountGatewayRoutes } from './gateway/gateway.routes.js';
export { mountSandboxRoutes } from './sandbox.routes.js';
