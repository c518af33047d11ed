import { expect } from 'chai';
import { AllowedActions } from './application.actions.js';
import { cancelCheck } from './change/cancel-application.js';
import type { ApplicationDoc, StateReason, ApplicationState } from './application.model.js';

const doc = (state: ApplicationState, stateReason: StateReason) =>
  ({ state, stateReason, order: { items: [{ sentMilli: 0, deliveredMilli: 0 }] } }) as unknown as ApplicationDoc;

/** The registry as the composition root builds it: the cancel use case registers its own check. */
function withCancel(): AllowedActions {
  const actions = new AllowedActions();
  actions.register('CANCEL', cancelCheck);
  return actions;
}

describe('allowedActions: each action judged by its own check', () => {
  it('when the decision is running, then not even CANCEL is offered; once preapproved, CANCEL is (the cancel rule itself)', () => {
    const actions = withCancel();
    expect(actions.of(doc('PROCESSING', 'PROCESSING_VALIDATION_IN_PROGRESS'))).to.deep.equal([]);
    expect(actions.of(doc('PROCESSING', 'PROCESSING_PREAPPROVED'))).to.deep.equal(['CANCEL']);
    expect(actions.of(doc('REJECTED', 'REJECTED'))).to.deep.equal([]);
  });

  it('when another module registers a check, then its action is listed exactly when the check accepts, in the documented order', () => {
    const actions = withCancel();
    actions.register('SEND', (app) => {
      if (app.state !== 'READY') throw new Error('not ready');
    });
    actions.register('CHANGE_ORDER', () => {});
    expect(actions.of(doc('READY', 'READY_TO_SHIP'))).to.deep.equal(['CANCEL', 'CHANGE_ORDER', 'SEND']);
    expect(actions.of(doc('CANCELLED', 'CANCELLED_NOT_PAID'))).to.deep.equal(['CHANGE_ORDER']);
  });
});
