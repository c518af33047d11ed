import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PROMETHEUS_DIR = path.join(ROOT, 'monitoring/prometheus');
export const RULES_FILE = path.join(PROMETHEUS_DIR, 'alerts.yml');
export const RULE_TESTS_DIR = path.join(PROMETHEUS_DIR, 'tests');
export const DASHBOARD_FILE = path.join(ROOT, 'monitoring/grafana/dashboards/partner-financing.json');

/** Debian's `prometheus` package puts both here; .ci/run installs it. */
export const PROMTOOL = '/usr/bin/promtool';
export const PROMETHEUS = '/usr/bin/prometheus';

export function requireBinary(file: string): void {
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: install Debian's prometheus package (.ci/run does: apt-get install --no-install-recommends prometheus)`);
  }
}

export function readYaml(file: string): any {
  return parse(readFileSync(file, 'utf8'));
}

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export function alertRules(): AlertRule[] {
  const doc = readYaml(RULES_FILE) as { groups: { rules: (AlertRule | { record: string })[] }[] };
  return doc.groups.flatMap((g) => g.rules).filter((r): r is AlertRule => 'alert' in r);
}

export function recordingRules(): { record: string; expr: string }[] {
  const doc = readYaml(RULES_FILE) as { groups: { rules: any[] }[] };
  return doc.groups.flatMap((g) => g.rules).filter((r) => 'record' in r);
}

export function ruleTestFiles(): string[] {
  return readdirSync(RULE_TESTS_DIR)
    .filter((f) => f.endsWith('.test.yml'))
    .map((f) => path.join(RULE_TESTS_DIR, f));
}

/** Runs a tool to its end (bounded), resolving with its exit code and output. */
export function run(file: string, args: string[], timeoutMs = 60_000): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, timeout: timeoutMs, maxBuffer: 10 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}
