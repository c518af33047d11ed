import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROMETHEUS_DIR, PROMTOOL, ROOT, RULES_FILE, alertRules, readYaml, requireBinary, ruleTestFiles, run } from './support.js';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    anchors.add(
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    );
  }
  return anchors;
}

describe('monitoring: Prometheus alert rules', function () {
  this.timeout(60_000);
  before(() => requireBinary(PROMTOOL));

  it('when promtool checks the rules and the compose Prometheus config, then both are valid', async () => {
    const rules = await run(PROMTOOL, ['check', 'rules', RULES_FILE]);
    expect(rules.code, rules.output).to.equal(0);
    const config = await run(PROMTOOL, ['check', 'config', path.join(PROMETHEUS_DIR, 'prometheus.yml')]);
    expect(config.code, config.output).to.equal(0);
  });

  it('when promtool runs the rule unit tests, then every test passes', async () => {
    const files = ruleTestFiles();
    expect(files).to.not.be.empty;
    const res = await run(PROMTOOL, ['test', 'rules', ...files]);
    expect(res.code, res.output).to.equal(0);
    expect(res.output).to.not.include('FAILED');
  });

  it('when the rules are read, then every alert has a severity, a summary and a runbook section that exists', () => {
    const runbook = readFileSync(path.join(ROOT, 'docs/runbook.md'), 'utf8');
    const anchors = anchorsOf(runbook);
    const alerts = alertRules();
    expect(alerts.length).to.be.at.least(12);
    for (const a of alerts) {
      expect(a.labels?.severity, a.alert).to.be.oneOf(['critical', 'warning']);
      expect(a.annotations?.summary, a.alert).to.be.a('string').and.not.empty;
      const url = a.annotations?.runbook_url ?? '';
      expect(url, a.alert).to.match(/^docs\/runbook\.md#[a-z0-9-]+$/);
      const anchor = url.split('#')[1]!;
      expect([...anchors], `${a.alert}: no heading for #${anchor} in docs/runbook.md`).to.include(anchor);
    }
  });

  it('when the rule tests are read, then every alert has a case where it fires and one where it does not', () => {
    const firing = new Set<string>();
    const quiet = new Set<string>();
    for (const file of ruleTestFiles()) {
      for (const t of readYaml(file).tests as { alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[]) {
        for (const c of t.alert_rule_test ?? []) (c.exp_alerts?.length ? firing : quiet).add(c.alertname);
      }
    }
    for (const { alert } of alertRules()) {
      expect([...firing], `no test case where ${alert} fires`).to.include(alert);
      expect([...quiet], `no test case where ${alert} stays quiet`).to.include(alert);
    }
  });
});
