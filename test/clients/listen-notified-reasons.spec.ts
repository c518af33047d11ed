import { expect } from 'chai';
import { NOTIFIED_REASONS } from '../../modules/applications/change/index.js';
import { NOTIFIED_STATE_REASONS } from '../../clients/typescript/src/cli/event-filter.js';

// The client is a package of its own and cannot import the service: this keeps its copy of
// the notified stateReasons (what `listen --events` accepts) the service's.
describe('listen --events and the service', () => {
  it('when the service notifies a stateReason, then listen accepts it, and only then', () => {
    expect([...NOTIFIED_STATE_REASONS].sort()).to.deep.equal([...NOTIFIED_REASONS].sort());
  });
});
