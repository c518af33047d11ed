import { expect } from 'chai';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { uniqueSuffix } from '../support/config.js';
import { waitFor } from '../support/wait.js';

/**
 * With tracing off (no OTLP endpoint: this in-process API never loads the SDK), the request
 * id still travels: stored with the outbox entries a request writes, sent as the Kafka
 * messages' `request-id` header, and carried on by the consumer that reacts to them into
 * what it writes in turn.
 */
describe('tracing off: the request id travels from the request through the outbox and the consumers to Kafka', function () {
  this.timeout(60_000);
  const suffix = uniqueSuffix();
  let h: AppHarness;

  before(async () => {
    h = await startHarness({ OUTBOX_SWEEP_INTERVAL: '300ms' });
  });
  after(async () => h?.stop());

  const headersOf = (id: string, stateReason: string) =>
    waitFor(
      `the ${stateReason} notification message of ${id}`,
      () =>
        h.notifications.messages.find((m) => m.value && JSON.parse(m.value).body?.id === id && JSON.parse(m.value).body?.stateReason === stateReason)?.headers,
      { maxWait: 15_000 },
    );

  it("when a create and a sandbox decision carry X-Request-Id, then the create's notification carries the create's id, and the decision's (written by the decision consumer) the decision's", async () => {
    const as = { token: h.partner.token };
    const created = await h.t.client.post('/financing/v1/applications', applicationBody(), { ...as, headers: { 'X-Request-Id': `create-${suffix}` } });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.id as string;
    const decided = await h.t.client.post(
      `/financing/v1/sandbox/applications/${id}/decision`,
      { outcome: 'APPROVE' },
      { ...as, headers: { 'X-Request-Id': `decide-${suffix}` } },
    );
    expect(decided.status, decided.text).to.equal(202);

    const createdHeaders = await headersOf(id, 'PROCESSING_REDIRECT_NEEDED');
    expect(createdHeaders).to.include({ 'request-id': `create-${suffix}` });
    expect(createdHeaders, 'no trace when nothing traces').to.not.have.property('traceparent');
    const readyHeaders = await headersOf(id, 'READY_TO_SHIP');
    expect(readyHeaders).to.include({ 'request-id': `decide-${suffix}` });

    const createdEvent = await waitFor('the created event of the application', () =>
      h.events.messages.find((m) => m.key === id && m.headers['event-type'] === 'applications.application.created'),
    );
    expect(createdEvent.headers).to.include({ 'request-id': `create-${suffix}` });
  });
});
