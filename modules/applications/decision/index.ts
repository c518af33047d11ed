/** What a purchase on a recurrence (recurrence/) takes from the decision: it is decided at once, by the same rules. */
export { DecisionService, verdictChange } from './decision.service.js';
export { decideApplication } from './decision.rules.js';
