import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { acknowledge, Receiver } from '../relay/support/receiver.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { applicationNotification, publishNotifications, startTestRelay } from '../relay/support/relay.js';
import type { Relay } from '../../relay/create-relay.js';
import { waitFor } from '../support/wait.js';
import { DASHBOARD_FILE, alertRules, recordingRules } from './support.js';
import { startPrometheus, type TestPrometheus } from './prometheus-process.js';

/** Grafana's variables, as Grafana would fill them for a short time range and every instance. */
function concrete(expr: string): string {
  return expr.replaceAll('$__rate_interval', '30s').replaceAll('$__interval', '5s').replaceAll('$__range', '5m').replaceAll('$instance', '.*');
}

/** Panels that must show data after a few creates and webhook deliveries. */
const CORE_PANELS = [
  'Requests per second by route',
  'Responses by status',
  'p99 duration by route',
  'p50 duration by route',
  'Create application latency (POST /financing/v1/applications)',
  'Notification latency (created to acknowledged)',
  'Webhook attempt duration p99 by outcome',
  'Outbox: oldest unpublished entry age',
  'Outbox backlog (entries not yet in Kafka)',
  'Outbox publishes, failures and sweeps',
  'Consumer lag per group',
  'Messages handled by group and outcome',
  'Webhook attempts by outcome',
  'Webhook acknowledged ratio',
  'Deliveries, retries and dead letters',
  'Dead letters (last 24 h)',
  'Targets up',
  'Dependency reachable (1 = up)',
  'Expiry sweeper: time since last pass, passes by reason',
  'CPU (cores)',
  'Resident memory and heap used',
  'Event loop lag p99 and GC time',
  'Open file descriptors',
];

/** Metrics only written when something goes wrong: a healthy run has no series of them. */
const ONLY_ON_TROUBLE = new Set(['webhook_poison_messages_total']);

/**
 * Every label name the two processes may export: each has a value set fixed by the code or
 * the configuration (routes are templates, groups and topics are configured, outcomes are
 * enumerations), plus Node's default metrics' own and Prometheus' job and instance.
 */
const BOUNDED_LABELS = new Set([
  '__name__',
  'job',
  'instance',
  'service',
  'method',
  'route',
  'status',
  'le',
  'path',
  'reason',
  'group',
  'topic',
  'partition',
  'outcome',
  'lane',
  'delay',
  'dependency',
  'version',
  'major',
  'minor',
  'patch',
  'space',
  'kind',
  'type',
  'quantile',
  'alertname',
  'alertstate',
  'severity',
]);

interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
}

describe('monitoring: a real Prometheus scrapes the API and the relay; every dashboard query and alert expression evaluates', function () {
  this.timeout(120_000);
  let h: AppHarness;
  let relay: Relay;
  let receiver: Receiver;
  let prom: TestPrometheus;
  const panels = (JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')).panels as Panel[]).filter((p) => p.type !== 'row');

  before(async () => {
    h = await startHarness({ EXPIRY_SWEEP_INTERVAL: '500ms' });
    receiver = await new Receiver().start();
    relay = await startTestRelay(h.t.config);
    prom = await startPrometheus({
      'partner-financing-api': `127.0.0.1:${h.t.api.metricsPort}`,
      'partner-financing-relay': `127.0.0.1:${relay.metricsPort}`,
    });
    const hook = receiver.url('/hooks', acknowledge);
    // created, confirmed by the customer, decided by the decision consumer: every path's metrics
    for (let i = 0; i < 3; i++) {
      const app = await h.create(
        applicationBody({ merchantUrls: { ...applicationBody().merchantUrls, notificationEndpoint: hook } }, { email: `jana${i}+approve@example.com` }),
      );
      await new GatewayClient(h.t, app.gatewayRedirectUrl).submit('confirm');
      await h.waitForState(app.id, 'READY_TO_SHIP');
    }
    await h.t.client.get('/financing/v1/nothing-here');
    const { producer, topics } = h.t.api.runtime;
    await publishNotifications(
      producer,
      topics,
      Array.from({ length: 5 }, () => applicationNotification(h.partner.id, hook)),
    );
    await receiver.waitForRequests('5 webhooks acknowledged', (all) => all.length >= 5);
  });
  after(async () => {
    await prom?.stop();
    await relay?.stop();
    await receiver?.stop();
    await h?.stop();
  });

  it('when both targets are scraped, then up is 1 for the api and the relay job', async () => {
    const up = await waitFor(
      'both targets up',
      async () => {
        const r = await prom.query('up');
        const ones = r.data!.result.filter((s) => s.value[1] === '1').map((s) => s.metric.job);
        return ones.length === 2 && ones.sort();
      },
      { maxWait: 15_000, interval: 250 },
    );
    expect(up).to.deep.equal(['partner-financing-api', 'partner-financing-relay']);
  });

  it('when every dashboard query is evaluated, then each parses, and the core panels return series', async () => {
    const empty: string[] = [];
    await waitFor(
      'every core panel has series',
      async () => {
        empty.length = 0;
        for (const p of panels.filter((x) => CORE_PANELS.includes(x.title))) {
          const results = await Promise.all((p.targets ?? []).map((t) => prom.query(concrete(t.expr))));
          if (!results.some((r) => r.status === 'success' && r.data!.result.length > 0)) empty.push(p.title);
        }
        return empty.length === 0;
      },
      { maxWait: 30_000, interval: 1_000 },
    ).catch(() => undefined);
    expect(empty, 'core panels without series').to.deep.equal([]);
    expect(panels.filter((p) => CORE_PANELS.includes(p.title)).map((p) => p.title)).to.have.members(CORE_PANELS);
    for (const p of panels) {
      for (const t of p.targets ?? []) {
        const r = await prom.query(concrete(t.expr));
        expect(r.status, `${p.title}: ${t.expr}: ${r.error}`).to.equal('success');
      }
    }
  });

  it('when every alert expression is evaluated, then each parses, every metric it reads is exported, and the recording rule has series', async () => {
    const exported = new Set<string>((await prom.get('/api/v1/label/__name__/values')).data);
    const metricsOf = (expr: string) =>
      [...expr.matchAll(/\b([a-z_]+:[a-z0-9_:]+|[a-z][a-z0-9_]*_(?:total|seconds|lag|up|bucket|count|entries)|up)\b(?!\s*\()/g)].map((m) => m[1]!);
    // the recording rules first: the alerts read their results, which exist once evaluated
    for (const rule of recordingRules()) {
      for (const m of metricsOf(rule.expr)) expect([...exported], `${rule.record} reads ${m}`).to.include(m);
      const r = await waitFor(
        `${rule.record} has series`,
        async () => {
          const res = await prom.query(rule.record);
          return res.data!.result.length > 0 && res;
        },
        { maxWait: 15_000, interval: 500 },
      );
      expect(r.status).to.equal('success');
    }
    const names = new Set<string>((await prom.get('/api/v1/label/__name__/values')).data);
    for (const a of alertRules()) {
      const r = await prom.query(a.expr);
      expect(r.status, `${a.alert}: ${r.error}`).to.equal('success');
      const metrics = metricsOf(a.expr);
      expect(metrics, a.alert).to.not.be.empty;
      for (const m of metrics.filter((n) => !ONLY_ON_TROUBLE.has(n))) expect([...names], `${a.alert} reads ${m}`).to.include(m);
    }
  });

  it('when every series is listed, then its labels are all of a bounded set (no partner, URL or id label), and no route label holds a raw path', async () => {
    const labels = (await prom.get('/api/v1/labels')).data as string[];
    expect(
      labels.filter((l) => !BOUNDED_LABELS.has(l)),
      'labels outside the bounded set',
    ).to.deep.equal([]);
    const routes = (await prom.get('/api/v1/label/route/values')).data as string[];
    expect(
      routes.filter((r) => /[0-9a-f]{8,}|[0-9]{4,}/i.test(r)),
      'route values with an id in them',
    ).to.deep.equal([]);
  });

  it('when Prometheus has evaluated the rules on the healthy system, then every rule is healthy and no alert is pending or firing', async () => {
    const groups = await waitFor(
      'every rule evaluated',
      async () => {
        const g = (await prom.get('/api/v1/rules')).data.groups as { rules: { name: string; health: string; lastError?: string }[] }[];
        return g.every((x) => x.rules.every((r) => r.health !== 'unknown')) && g;
      },
      { maxWait: 15_000, interval: 500 },
    );
    const rules = groups.flatMap((g) => g.rules);
    expect(rules.length).to.equal(alertRules().length + recordingRules().length);
    for (const r of rules) expect(r.health, `${r.name}: ${r.lastError}`).to.equal('ok');
    const alerts = (await prom.get('/api/v1/alerts')).data.alerts as { labels: { alertname: string }; state: string }[];
    expect(alerts.map((a) => `${a.labels.alertname} ${a.state}`)).to.deep.equal([]);
  });
});
