import type { Reply } from '../../../platform/idempotency.js';
import { anySentOrDelivered } from '../../order-rules/index.js';
import type { ApplicationDoc, CancelReason, Status } from '../application.model.js';
import { assertVersion } from '../application.errors.js';
import { APPLICATION_EVENTS } from '../application.events.js';
import type { ApplicationChanges } from './change-application.js';
import type { ApplicationChange } from './compile-change.js';
import { transition } from '../application.state-machine.js';

export interface CancelInput {
  reason: CancelReason;
  customReason?: string;
}

/** The partner's cancel as a pure decision: the CANCEL transition, the reason, its event. */
export function decideCancel(app: ApplicationDoc, input: CancelInput): ApplicationChange {
  return {
    trigger: 'CANCEL',
    facts: { sentOrDelivered: anySentOrDelivered(app.order) },
    set: { cancelReason: { reason: input.reason, ...(input.customReason ? { customReason: input.customReason } : {}) } },
    events: [{ type: APPLICATION_EVENTS.cancelled, data: { cancelReason: input.reason, by: 'PARTNER' } }],
  };
}

/** The status a cancel leads to, written nowhere: the portal's preview of the cancel form. */
export function cancelResult(app: ApplicationDoc, input: CancelInput): Status {
  const change = decideCancel(app, input);
  return transition(app, change.trigger!, change.facts);
}

/** How `allowedActions` judges CANCEL: the very transition the cancel asks for. */
export function cancelCheck(app: ApplicationDoc): void {
  transition(app, 'CANCEL', { sentOrDelivered: anySentOrDelivered(app.order) });
}

/** PUT /financing/v1/applications/{id}/cancel: decide, and write through the one change path. */
export async function cancelApplication(
  changes: ApplicationChanges,
  partnerId: string,
  applicationId: string,
  input: CancelInput,
  reply: Reply<ApplicationDoc>,
  guard: { ifVersion?: number } = {},
): Promise<ApplicationDoc> {
  const { doc } = await changes.change(
    partnerId,
    applicationId,
    (app) => {
      if (guard.ifVersion !== undefined) assertVersion(app, guard.ifVersion);
      return decideCancel(app, input);
    },
    reply,
  );
  return doc;
}
