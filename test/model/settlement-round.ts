import { runOps } from '../support/partners-cli.js';
import type { ModelEnv } from './env.js';
import { checkPartnerSettlements, closeBurst, type PartnerCalls } from './settlements.js';

/**
 * The end of a round, when no sequence runs: one more burst of closes per partner (so every
 * line the round made is settled once), the strict partner checks (each listed line names
 * its settlement), then `ops ledger check` against the round's database must exit 0.
 */
export async function settlementRoundEnd(env: ModelEnv, jobRan: boolean): Promise<string> {
  let settlements = 0;
  let lines = 0;
  for (const partner of await env.partners()) {
    const calls: PartnerCalls = {
      call: (method, path, body) =>
        env.h.t.client.request(method, path, { body, token: partner.token, headers: method === 'GET' ? {} : { 'Idempotency-Key': crypto.randomUUID() } }),
    };
    await closeBurst(calls, 3, 2);
    const seen = await checkPartnerSettlements(calls, true);
    settlements += seen.settlements;
    lines += seen.lines;
  }
  // the scheduled job's instances must have closed some of them, or the model did not test them
  const byJob = await env.h.t.api.runtime.db.collection('settlements').countDocuments({ sandbox: { $ne: true } });
  if (jobRan && settlements > 0 && byJob === 0) throw new Error(`the scheduled job's two instances wrote none of the ${settlements} settlements`);
  const config = { store: { url: env.storeUrl, db: env.h.t.api.runtime.db.databaseName, timeoutMs: 10_000 } };
  const check = await runOps(config, ['ledger', 'check']);
  if (check.code !== 0) throw new Error(`ops ledger check exited ${check.code}: ${check.stdout}${check.stderr}`);
  return `${settlements} settlements (${byJob} by the scheduled job), ${lines} settled lines, ops ledger check exit 0 (${check.json?.warningCount ?? '?'} warnings)`;
}
