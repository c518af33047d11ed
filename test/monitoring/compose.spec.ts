import { expect } from 'chai';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DASHBOARD_FILE, ROOT, readYaml } from './support.js';

/**
 * `docker compose config` needs Docker, which these machines lack: this reads the compose
 * file instead and checks that Prometheus and Grafana mount files that exist, where their
 * configuration expects them.
 */
interface Service {
  image?: string;
  command?: string[];
  volumes?: string[];
  environment?: Record<string, string | number>;
  ports?: string[];
}

const compose = readYaml(path.join(ROOT, 'docker-compose.yml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };

/** Bind mounts of a service: container path -> repository path (named volumes left out). */
function binds(service: Service): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of service.volumes ?? []) {
    const [from, to] = v.split(':');
    if (from!.startsWith('./')) out.set(to!, path.join(ROOT, from!));
  }
  return out;
}

/** The repository file behind a container path, through the bind mounts (a file or a mounted folder). */
function hostPathOf(mounts: Map<string, string>, containerPath: string): string | undefined {
  for (const [to, from] of mounts) {
    if (containerPath === to) return from;
    if (containerPath.startsWith(`${to}/`)) return path.join(from, containerPath.slice(to.length + 1));
  }
  return undefined;
}

describe('monitoring: docker-compose.yml mounts what Prometheus and Grafana read', () => {
  it('when the compose file is read, then every bind mount of prometheus and grafana exists in the repository, and named volumes are declared', () => {
    for (const name of ['prometheus', 'grafana']) {
      const service = compose.services[name];
      expect(service, `service ${name}`).to.exist;
      expect(service!.image, name).to.match(name === 'prometheus' ? /^prom\/prometheus:/ : /^grafana\/grafana:/);
      for (const [to, from] of binds(service!)) expect(existsSync(from), `${name}: ${from} mounted at ${to}`).to.equal(true);
      for (const v of service!.volumes ?? []) {
        const from = v.split(':')[0]!;
        if (!from.startsWith('./')) expect(compose.volumes, `${name}: volume ${from}`).to.have.property(from);
      }
    }
  });

  it('when Prometheus starts, then its config file and the rule files it names are mounted, and it scrapes the api and relay metrics ports', () => {
    const prom = compose.services.prometheus!;
    const mounts = binds(prom);
    const configPath = prom.command!.find((c) => c.startsWith('--config.file='))!.split('=')[1]!;
    const configFile = hostPathOf(mounts, configPath);
    expect(configFile, `${configPath} is not mounted`).to.be.a('string');
    const config = readYaml(configFile!);
    expect(config.rule_files).to.not.be.empty;
    for (const rule of config.rule_files as string[]) {
      const inContainer = path.posix.resolve(path.posix.dirname(configPath), rule);
      const host = hostPathOf(mounts, inContainer);
      expect(host && existsSync(host), `rule file ${inContainer} is not mounted`).to.equal(true);
      expect(host).to.equal(path.join(ROOT, 'monitoring/prometheus/alerts.yml'));
    }
    const targets = (config.scrape_configs as { static_configs: { targets: string[] }[] }[]).flatMap((s) => s.static_configs.flatMap((c) => c.targets));
    expect(targets).to.include(`api:${compose.services.api!.environment!.API_METRICS_PORT}`);
    expect(targets).to.include(`relay:${compose.services.relay!.environment!.RELAY_METRICS_PORT}`);
  });

  it('when Grafana starts, then it provisions the Prometheus datasource the dashboard names and loads the dashboard from a mounted folder', () => {
    const grafana = compose.services.grafana!;
    const mounts = binds(grafana);
    const dsDir = hostPathOf(mounts, '/etc/grafana/provisioning/datasources');
    const providerDir = hostPathOf(mounts, '/etc/grafana/provisioning/dashboards');
    expect(dsDir && statSync(dsDir).isDirectory(), 'datasources provisioning').to.equal(true);
    expect(providerDir && statSync(providerDir).isDirectory(), 'dashboards provisioning').to.equal(true);

    const datasources = readdirSync(dsDir!)
      .filter((f) => f.endsWith('.yml'))
      .flatMap((f) => readYaml(path.join(dsDir!, f)).datasources);
    const prometheus = datasources.find((d: { type: string }) => d.type === 'prometheus');
    expect(prometheus.url).to.equal('http://prometheus:9090');

    const providers = readdirSync(providerDir!)
      .filter((f) => f.endsWith('.yml'))
      .flatMap((f) => readYaml(path.join(providerDir!, f)).providers);
    expect(providers).to.not.be.empty;
    const dashboardsDir = hostPathOf(mounts, providers[0].options.path);
    expect(dashboardsDir, `${providers[0].options.path} is not mounted`).to.equal(path.dirname(DASHBOARD_FILE));
    expect(existsSync(DASHBOARD_FILE)).to.equal(true);

    const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8'));
    const uids = new Set<string>();
    for (const p of dashboard.panels) {
      if (p.datasource) uids.add(p.datasource.uid);
      for (const t of p.targets ?? []) uids.add(t.datasource.uid);
    }
    expect([...uids]).to.deep.equal([prometheus.uid]);
    const home = grafana.environment?.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH as string | undefined;
    if (home) expect(hostPathOf(mounts, home)).to.equal(DASHBOARD_FILE);
  });
});
