#!/usr/bin/env node
// The chart's PrometheusRule is rendered from monitoring/prometheus/alerts.yml, the one source
// of the alerts. Helm reads only files inside the chart (.Files.Get), so this script copies
// the source into deploy/helm/partner-financing/files/; test/deploy/helm-chart.spec.ts fails
// when the copy differs. `node scripts/helm-sync-rules.mjs` writes it; `--check` only compares.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RULES_SOURCE = `${ROOT}monitoring/prometheus/alerts.yml`;
export const RULES_COPY = `${ROOT}deploy/helm/partner-financing/files/alerts.yml`;

export function rulesInSync() {
  return existsSync(RULES_COPY) && readFileSync(RULES_COPY, 'utf8') === readFileSync(RULES_SOURCE, 'utf8');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    if (!rulesInSync()) {
      console.error("the chart's files/alerts.yml differs from monitoring/prometheus/alerts.yml: run node scripts/helm-sync-rules.mjs");
      process.exit(1);
    }
  } else {
    writeFileSync(RULES_COPY, readFileSync(RULES_SOURCE, 'utf8'));
    console.log(`copied ${RULES_SOURCE} to ${RULES_COPY}`);
  }
}
