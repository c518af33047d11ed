import { expect } from 'chai';
import { applicationBody } from '../applications/requests.js';
import { opPath } from '../orders/orders-harness.js';
import type { RelayProcess } from '../relay/support/relay-process.js';
import { startRelayRunning } from '../e2e/support/relay-running.js';
import { KillableApi } from '../e2e/support/killable-api.js';
import { PartnerEndpoint, type Arrival } from '../e2e/support/partner-endpoint.js';
import { testConfig, uniqueSuffix } from '../support/config.js';
import { ancestorsStored, descendsFrom, Jaeger, jaegerBinary, tagOf, type JaegerSpan, type JaegerTrace } from '../support/jaeger.js';
import type { ApiProcess } from '../support/api-process.js';
import type { TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';

const FAST = { OUTBOX_SWEEP_INTERVAL: '300ms', OUTBOX_SWEEP_GRACE: '300ms' };

/**
 * One trace from the partner's call to the partner's webhook, in a real Jaeger: the API and
 * the relay as their own processes, each exporting over OTLP (the API as protobuf, the relay
 * as JSON: both protocols), configured only by the standard OTEL_* variables.
 */
describe('tracing: a create, a sandbox decision and a send, each one trace from the request to its webhook, in Jaeger', function () {
  this.timeout(180_000);
  const suffix = uniqueSuffix();
  const services = { api: `pf-api-${suffix}`, relay: `pf-relay-${suffix}` };
  let jaeger: Jaeger | undefined;
  let fixture: KillableApi | undefined;
  let api: ApiProcess;
  let relay: RelayProcess | undefined;
  let endpoint: PartnerEndpoint | undefined;
  let partner: TestPartner;

  before(async function () {
    this.timeout(120_000);
    const binary = jaegerBinary();
    if (!binary) {
      const why = 'no Jaeger binary: run `bash scripts/jaeger.sh` (builds it from its Go module into ~/.cache/partner-financing) or set JAEGER';
      if (process.env.CI === 'true') throw new Error(why);
      console.warn(`    [skipped] ${why}`);
      this.skip();
    }
    jaeger = await new Jaeger(binary!).start();
    const otel = (service: string, protocol: string) => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: jaeger!.otlpEndpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_SERVICE_NAME: service,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '1',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_RESOURCE_ATTRIBUTES: `deployment.environment.name=test-${suffix}`,
    });
    fixture = new KillableApi(testConfig(FAST), { ...FAST, ...otel(services.api, 'http/protobuf'), LOG_LEVEL: 'info' }, 'tracing-test');
    ({ api, partner } = await fixture.start(async () => {
      endpoint = await new PartnerEndpoint().start();
      relay = await startRelayRunning(fixture!.config, otel(services.relay, 'http/json'));
    }));
  });
  after(async () => {
    await relay?.stop('SIGTERM');
    await endpoint?.stop();
    await fixture?.dispose();
    await jaeger?.stop();
  });

  /** The trace of the API request with this request id, once it holds `webhookId`'s attempt. */
  const traceOfRequest = (requestId: string, webhookId: string) =>
    waitFor(
      `the trace of request ${requestId} with the attempt of webhook ${webhookId} in Jaeger`,
      async () => {
        const [found] = await jaeger!.tracesTagged(services.api, 'request.id', requestId);
        if (!found) return false;
        const trace = await jaeger!.trace(found.traceID);
        const attempt = trace?.spans.find((s) => s.operationName === 'webhook attempt' && tagOf(s, 'webhook.id') === webhookId);
        // judged once the attempt's ancestors are all stored: the API's spans come in batches of their own
        return trace && attempt && ancestorsStored(trace, attempt) ? { trace, attempt } : false;
      },
      { maxWait: 30_000, interval: 250 },
    );

  const serviceOf = (trace: JaegerTrace, span: JaegerSpan) => trace.processes[span.processID]?.serviceName;

  /** The access-log line of each request, kept as soon as it is written (the process keeps only its last output). */
  const accessLines = new Map<string, Record<string, unknown>>();
  const keepAccessLine = async (requestId: string) => {
    const line = await waitFor(
      `the access-log line of ${requestId}`,
      () =>
        api.log
          .split('\n')
          .filter((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"msg":"request"'))
          .map((l) => JSON.parse(l))[0],
    );
    accessLines.set(requestId, line);
  };

  /** The request's trace holds API and relay spans, the webhook attempt descends from the request span, and the partner got its traceparent. */
  const expectOneTrace = async (requestId: string, route: string, arrival: Arrival) => {
    const { trace, attempt } = await traceOfRequest(requestId, arrival.webhookId);
    const request = trace.spans.find((s) => tagOf(s, 'request.id') === requestId && tagOf(s, 'http.route') !== undefined)!;
    expect(request.operationName).to.equal(route);
    expect(serviceOf(trace, request)).to.equal(services.api);
    expect(tagOf(request, 'partner.id')).to.equal(partner.id);
    expect(serviceOf(trace, attempt), 'the attempt is the relay’s span').to.equal(services.relay);
    expect(descendsFrom(trace, attempt, request), `the webhook attempt descends from ${route}`).to.equal(true);
    expect(tagOf(attempt, 'webhook.outcome')).to.equal('ACKNOWLEDGED');
    expect(tagOf(attempt, 'http.response.status_code')).to.equal(200);
    expect(tagOf(attempt, 'webhook.attempt')).to.equal(1);
    expect(tagOf(attempt, 'server.address')).to.equal(new URL(endpoint!.url()).host);
    const names = new Set(trace.spans.map((s) => s.operationName));
    expect(
      [...names].some((n) => n.startsWith('process ') || n.startsWith('deliver ')),
      `consumer spans in ${[...names].join(', ')}`,
    ).to.equal(true);
    expect(
      [...names].some((n) => /^(insert|update|find) /.test(n)),
      `store spans in ${[...names].join(', ')}`,
    ).to.equal(true);
    expect(arrival.request.traceparent, 'the partner gets the attempt span as its parent').to.equal(`00-${trace.traceID}-${attempt.spanID}-01`);
    // the request's access-log line joins the trace: its trace id, the request span's id, the request id
    expect(accessLines.get(requestId), `the access-log line of ${requestId}`).to.include({ trace_id: trace.traceID, span_id: request.spanID });
    // nothing personal in any span: no e-mail, no name of the customer
    expect(JSON.stringify(trace)).to.not.match(/@example\.com|Jana|Nováková/);
  };

  it('when a partner creates an application, decides it in the sandbox and sends the order, then each webhook attempt is a descendant of the request that caused it, in one trace with API and relay spans', async () => {
    const as = { token: partner.token };
    const body = applicationBody({}, {});
    body.merchantUrls.notificationEndpoint = endpoint!.url();
    const created = await api.client.post('/financing/v1/applications', body, { ...as, headers: { 'X-Request-Id': `create-${suffix}` } });
    expect(created.status, created.text).to.equal(201);
    await keepAccessLine(`create-${suffix}`);
    const id = created.body.id as string;
    const decided = await api.client.post(
      `/financing/v1/sandbox/applications/${id}/decision`,
      { outcome: 'APPROVE' },
      { ...as, headers: { 'X-Request-Id': `decide-${suffix}` } },
    );
    expect(decided.status, decided.text).to.equal(202);
    await keepAccessLine(`decide-${suffix}`);
    await endpoint!.waitForSequence(partner.webhookSecret, id, ['PROCESSING_REDIRECT_NEEDED', 'READY_TO_SHIP']);
    const sent = await api.client.request('PUT', opPath(id, 'send'), { token: partner.token, body: {}, headers: { 'X-Request-Id': `send-${suffix}` } });
    expect(sent.status, sent.text).to.equal(200);
    await keepAccessLine(`send-${suffix}`);
    const [createdHook, decidedHook, sentHook] = await endpoint!.waitForSequence(partner.webhookSecret, id, [
      'PROCESSING_REDIRECT_NEEDED',
      'READY_TO_SHIP',
      'READY_SHIPPED',
    ]);

    await expectOneTrace(`create-${suffix}`, 'POST /financing/v1/applications', createdHook!);
    await expectOneTrace(`decide-${suffix}`, 'POST /financing/v1/sandbox/applications/:applicationId/decision', decidedHook!);
    await expectOneTrace(`send-${suffix}`, 'PUT /financing/v1/applications/:applicationId/order/send', sentHook!);
  });
});
