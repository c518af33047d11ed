import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse, stringify } from 'yaml';
import { helmTools } from './helm-tools.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHART = path.join(ROOT, 'deploy/helm/partner-financing');
const PRODUCTION = path.join(CHART, 'values-production.yaml');

type Obj = { kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: any };

function run(file: string, args: string[], timeoutMs = 300_000): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, out: `${stdout}${stderr}` });
    });
  });
}

/** The checkov checks the chart README lists as skipped, each with its reason. */
function skippedInReadme(): string[] {
  const readme = readFileSync(path.join(CHART, 'README.md'), 'utf8');
  return [...readme.matchAll(/^\| `(CKV2?_K8S_\d+)` \| .+ \| .+ \|$/gm)].map((m) => m[1] as string);
}

/**
 * The chart, as CI checks it: helm lint, helm template with the default and the production
 * values, every rendered object against the Kubernetes schemas (offline), and checkov's
 * policies with only the exceptions the chart's README lists. The tools come from
 * scripts/helm-tools.sh (.ci/run's "helm" phase); a missing tool fails, naming that step.
 */
describe('the Helm chart renders, validates against the Kubernetes schemas and passes the policy check', function () {
  this.timeout(600_000);
  const tools = helmTools();
  const dir = mkdtempSync(path.join(tmpdir(), 'helm-chart-'));
  const rendered: Record<string, Obj[]> = {};
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function template(name: string, args: string[]): Promise<Obj[]> {
    const res = await run(tools.helm(), ['template', 'pf', CHART, '--namespace', 'payments', '--kube-version', tools.kubernetesVersion, ...args]);
    expect(res.code, res.out).to.equal(0);
    const out = path.join(dir, name);
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'all.yaml'), res.out);
    return parseAllDocuments(res.out)
      .map((d) => d.toJSON())
      .filter(Boolean);
  }

  it('the PrometheusRule source in the chart is monitoring/prometheus/alerts.yml (node scripts/helm-sync-rules.mjs copies it)', () => {
    const copy = readFileSync(path.join(CHART, 'files/alerts.yml'), 'utf8');
    expect(copy, 'run node scripts/helm-sync-rules.mjs').to.equal(readFileSync(path.join(ROOT, 'monitoring/prometheus/alerts.yml'), 'utf8'));
  });

  it('helm lint passes with the default and the production values, strictly', async () => {
    for (const extra of [[], ['-f', PRODUCTION]]) {
      const res = await run(tools.helm(), ['lint', '--strict', CHART, ...extra]);
      expect(res.code, res.out).to.equal(0);
    }
  });

  it('helm template renders with the default and the production values', async () => {
    rendered.default = await template('default', []);
    rendered.production = await template('production', ['-f', PRODUCTION]);
    const kinds = (objs: Obj[]) => objs.map((o) => o.kind).sort();
    expect(kinds(rendered.default)).to.include.members([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Service',
    ]);
    expect(kinds(rendered.production)).to.include.members(['Ingress', 'ServiceMonitor', 'PrometheusRule']);
  });

  async function validate(name: string) {
    const res = await run(tools.kubernetesValidate(), [
      '--strict',
      '--kubernetes-version',
      tools.kubernetesVersion,
      '--quiet',
      path.join(dir, name, 'all.yaml'),
    ]);
    expect(res.code, res.out).to.equal(0);
    // the Prometheus Operator's kinds have no bundled schema; any other kind without one
    // would go unvalidated, so it fails here
    const unchecked = [...res.out.matchAll(/Couldn't find schema for kind (\w+)/g)].map((m) => m[1]);
    expect(
      unchecked.filter((k) => k !== 'ServiceMonitor' && k !== 'PrometheusRule'),
      res.out,
    ).to.deep.equal([]);
    expect(res.out.replace(/^WARN .*Couldn't find schema.*$/gm, '').trim(), 'nothing else reported').to.equal('');
  }

  it('every rendered object is valid against the Kubernetes schemas (offline, strict: no unknown fields)', async () => {
    for (const name of ['default', 'production']) await validate(name);
  });

  it("the PrometheusRule's groups pass promtool check rules", async () => {
    const rule = (rendered.production ?? []).find((o) => o.kind === 'PrometheusRule');
    expect(rule, 'rendered with the production values').to.not.equal(undefined);
    const file = path.join(dir, 'rules.yml');
    writeFileSync(file, stringify({ groups: rule!.spec.groups }));
    const promtool = process.env.PROMTOOL ?? '/usr/bin/promtool';
    expect(existsSync(promtool), `${promtool}: Debian's prometheus package (.ci/run's system packages)`).to.equal(true);
    const res = await run(promtool, ['check', 'rules', file]);
    expect(res.code, res.out).to.equal(0);
  });

  it('the production objects: probes on the right endpoints, a grace period above the drain, the locked-down security context, the alerts from monitoring/', () => {
    const objs = rendered.production ?? [];
    expect(objs, 'rendered by the test before').to.not.be.empty;
    const deploy = (c: string) => objs.find((o) => o.kind === 'Deployment' && o.metadata.name.endsWith(`-${c}`))!.spec.template.spec;
    const api = deploy('api');
    expect(api.terminationGracePeriodSeconds).to.be.greaterThan(5 + 25);
    expect(api.containers[0].readinessProbe.httpGet.path).to.equal('/v1/health');
    expect(api.containers[0].livenessProbe.httpGet.path).to.equal('/v1/health/live');
    expect(api.containers[0].startupProbe.httpGet.path).to.equal('/v1/health/live');
    // the relay's own health on its metrics port, not the port merely answering
    const relay = deploy('relay');
    expect(relay.containers[0].readinessProbe.httpGet).to.deep.equal({ path: '/health/ready', port: 'metrics' });
    expect(relay.containers[0].livenessProbe.httpGet).to.deep.equal({ path: '/health/live', port: 'metrics' });
    for (const pod of [api, deploy('relay')]) {
      const sc = pod.containers[0].securityContext;
      expect(sc).to.deep.include({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
      expect(sc.capabilities.drop).to.deep.equal(['ALL']);
      expect(sc.seccompProfile.type).to.equal('RuntimeDefault');
      expect(pod.volumes.find((v: any) => v.name === 'tmp').emptyDir).to.be.an('object');
      const mounts = pod.containers[0].volumeMounts.filter((m: any) => m.name.startsWith('secret-'));
      expect(mounts.map((m: any) => m.name)).to.have.members(['secret-tls', 'secret-mongo', 'secret-kafka', 'secret-masterkey']);
      expect(pod.containers[0].env).to.deep.include({ name: 'MASTER_KEY_FILE', value: '/var/run/secrets/partner-financing/masterkey/key' });
      expect(mounts.every((m: any) => m.readOnly)).to.equal(true);
    }
    const config = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'pf-partner-financing') as any;
    expect(config.data).to.deep.include({ NODE_ENV: 'production', BIND_HOST: '0.0.0.0', TRUST_PROXY: 'true', SHUTDOWN_DELAY: '5s' });
    const rule = objs.find((o) => o.kind === 'PrometheusRule')!;
    expect(rule.spec.groups).to.deep.equal(parse(readFileSync(path.join(ROOT, 'monitoring/prometheus/alerts.yml'), 'utf8')).groups);
  });

  it('a grace period not above SHUTDOWN_DELAY + 25 s does not render', async () => {
    const res = await run(tools.helm(), ['template', 'pf', CHART, '--kube-version', tools.kubernetesVersion, '--set', 'terminationGracePeriodSeconds=30']);
    expect(res.code).to.not.equal(0);
    expect(res.out).to.include('terminationGracePeriodSeconds must exceed');
  });

  it('the migration Job renders by default as a pre-install/pre-upgrade hook running `ops migrate apply`, with its ConfigMap made before it', async () => {
    const objs = await template('migrations', ['-f', PRODUCTION]);
    const job = objs.find((o) => o.kind === 'Job')!;
    expect(job.metadata.annotations!['helm.sh/hook']).to.equal('pre-install,pre-upgrade');
    expect(job.spec.template.spec.containers[0].args).to.deep.equal(['ops', 'migrate', 'apply']);
    await validate('migrations');
  });

  it('checkov finds nothing but the exceptions the chart README lists with their reasons', async () => {
    const skips = skippedInReadme();
    expect(skips, 'the README lists its skipped checks').to.not.be.empty;
    for (const name of ['default', 'migrations']) {
      const res = await run(tools.checkov(), [
        '-d',
        path.join(dir, name),
        '--framework',
        'kubernetes',
        '--quiet',
        '--compact',
        '--skip-download',
        '--skip-check',
        skips.join(','),
      ]);
      expect(res.code, res.out).to.equal(0);
    }
  });
});
