import { runOps } from '../support/partners-cli.js';
import { opPath, readyApplication } from '../orders/orders-harness.js';
import { waitFor } from '../support/wait.js';
import { SETTLE_WAIT, type ModelEnv } from './env.js';
import { checkPartnerSettlements, closeBurst, type PartnerCalls } from './settlements.js';

/**
 * The end of a round, when no sequence runs. First one more order is sent (so at least one
 * line is open, whatever the sequences settled themselves), and the scheduled job's instances
 * must close every open line: nothing else closes now, so they cannot lose the race to a
 * sandbox close as they may while the sequences run. Then they stop, one more burst of
 * closes per partner finds nothing left or settles what a failed job left, the strict partner
 * checks run (each listed line names its settlement), and `ops ledger check` against the
 * round's database must exit 0.
 */
export async function settlementRoundEnd(env: ModelEnv, jobEveryMs: number): Promise<string> {
  const db = env.h.t.api.runtime.db;
  const lines = db.collection('payment_lines');
  let lastApp: string | undefined;
  if (jobEveryMs > 0) {
    const partner = await env.partner('SENT', 250);
    const app = await readyApplication(env.h, partner);
    const sent = await env.h.t.client.put(opPath(app.id, 'send'), {}, { token: partner.token });
    if (sent.status !== 200) throw new Error(`the round's last send answered ${sent.status} ${sent.text.slice(0, 200)}`);
    await waitFor('the last payout line', async () => (await lines.countDocuments({ applicationId: app.id })) > 0, { maxWait: SETTLE_WAIT });
    lastApp = app.id;
  }
  const openAtEnd = await lines.countDocuments({ settled: false });
  if (jobEveryMs > 0) {
    // two cut-offs to pass, then each instance's close of every partner on a loaded machine
    const deadline = Date.now() + 2 * jobEveryMs + 30_000;
    while ((await lines.countDocuments({ settled: false })) > 0) {
      if (Date.now() > deadline)
        throw new Error(`the scheduled job's instances left ${await lines.countDocuments({ settled: false })} of the ${openAtEnd} open lines unsettled`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const line = await lines.findOne({ applicationId: lastApp });
    const by = await db.collection('settlements').findOne({ _id: line?.settlementId });
    if (!by || by.sandbox === true) throw new Error(`the last line was settled by ${by ? 'a sandbox close' : 'no settlement'}, not by the scheduled job`);
  }
  await env.stopJobs();
  let settlements = 0;
  let settledLines = 0;
  for (const partner of await env.partners()) {
    const calls: PartnerCalls = {
      call: (method, path, body) =>
        env.h.t.client.request(method, path, { body, token: partner.token, headers: method === 'GET' ? {} : { 'Idempotency-Key': crypto.randomUUID() } }),
    };
    await closeBurst(calls, 3, 2);
    const seen = await checkPartnerSettlements(calls, true);
    settlements += seen.settlements;
    settledLines += seen.lines;
  }
  const byJob = await db.collection('settlements').countDocuments({ sandbox: { $ne: true } });
  const config = { store: { url: env.storeUrl, db: db.databaseName, timeoutMs: 10_000 } };
  const check = await runOps(config, ['ledger', 'check']);
  if (check.code !== 0) throw new Error(`ops ledger check exited ${check.code}: ${check.stdout}${check.stderr}`);
  return `${settlements} settlements (${byJob} by the scheduled job, which closed the ${openAtEnd} lines open at the round's end), ${settledLines} settled lines, ops ledger check exit 0 (${check.json?.warningCount ?? '?'} warnings)`;
}
