import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import type { DrillOptions } from './broker-loss.js';
import { DrillStage, trackForAbort } from './support/stage.js';
import { APPROVED, CREATED, PAID, PAID_ON_SENDING, PAYOUT, SHIPPED, Traffic, type DrillResult } from './support/load.js';
import { percentile } from './support/notifications.js';
import {
  backfillLines,
  dumpDatabase,
  ledgerCheckExit,
  paymentLineProblems,
  reconcileSince,
  restartServices,
  restoreDatabase,
  stopServices,
} from './support/recovery.js';
import { checkLedger } from '../../modules/payments/index.js';
import { orderTotals } from '../../modules/applications/index.js';

/**
 * How far before the dump reconcile starts: past the consumers' lag when the dump was taken,
 * so what the source documents had written but the consumers' own documents (ledgers,
 * inboxes, deliveries) had not yet taken in is sent again.
 */
const RECONCILE_MARGIN_MS = 60_000;

/**
 * The database restored from a backup: creates, decisions and dispatches, a dump of every
 * collection taken with the driver while they run, then the services stopped, the dump
 * loaded into a new database, the services started on it and `ops kafka reconcile --since
 * <dump time - margin>` run. What the restored database holds is what counts (writes after
 * the dump are the backup's recovery point, gone by definition; they are reported as
 * `lostWithRestore`): every notification of a state it holds delivered, none under two
 * webhook-ids, every payment line once, the ledger check passing.
 */
export async function restore(o: DrillOptions): Promise<DrillResult> {
  const stage = trackForAbort(new DrillStage());
  const dir = await mkdtemp(join(tmpdir(), 'pf-restore-'));
  const dumpFile = join(dir, 'dump.ejson');
  let originalDb: string | undefined;
  try {
    await stage.setUp({ apis: 1, relays: 1, partners: 2, partitions: 2, partnerArgs: PAID_ON_SENDING, log: o.log });
    originalDb = stage.config.store.db;
    const traffic = new Traffic(stage, { decide: true, ship: true, paid: true });
    let dump: Promise<void> | undefined;
    let dumpAt = new Date();
    const { started, achievedPerS } = await traffic.run(o.rate, o.durationMs, o.maxInFlight, (elapsed) => {
      if (dump || elapsed < o.durationMs * 0.6) return;
      dumpAt = new Date();
      o.log(`dump under load at ${elapsed} ms`);
      dump = stage.withDb(async (db) => {
        const counts = await dumpDatabase(db, dumpFile);
        o.log(`dump written: ${JSON.stringify(counts)}`);
      });
    });
    await dump;
    o.log(`load done: ${started} applications started, ${achievedPerS} creates/s`);
    traffic.stopDispatching();
    await traffic.settle(30_000);
    stage.ledger.poll();
    const deliveredBefore = stage.ledger.delivered();

    o.log('the loss: services stopped, the dump loaded into a new database');
    const lostAt = Date.now();
    await stopServices(stage);
    const restoredDb = `drill_restored_${randomBytes(4).toString('hex')}`;
    stage.config = { ...stage.config, store: { ...stage.config.store, db: restoredDb } };
    const restored = await stage.withDb((db) => restoreDatabase(db, dumpFile));
    o.log(`${restored} documents restored into ${restoredDb}`);
    await restartServices(stage, o.log);
    const republished = await reconcileSince(stage, new Date(dumpAt.getTime() - RECONCILE_MARGIN_MS), o.log);

    // what the restored store holds: each state of each of the drill's applications, read
    // again until every notification it explains arrived and nothing arrived for 5 s
    const heldNow = () =>
      stage.withDb(async (db) => {
        const docs = await db
          .collection<{ _id: string; history?: { stateReason: string }[] }>('applications')
          .find({ partnerId: { $in: stage.partners.map((p) => p.id) } }, { projection: { history: 1 } })
          .toArray();
        return docs.flatMap((d) => {
          const reasons = new Set((d.history ?? []).map((h) => h.stateReason));
          // a dispatch held by the store owes its payout and READY_PAID, whether or not the
          // restored ledger had taken it in: reconcile sends the order event again
          if (reasons.has(SHIPPED)) reasons.add(PAYOUT).add(PAID);
          return [...reasons].filter((r) => [CREATED, APPROVED, SHIPPED, PAYOUT, PAID].includes(r)).map((r) => ({ id: d._id, label: r }));
        });
      });
    const ledger = stage.ledger;
    let held = await heldNow();
    let seen = -1;
    let quietSince = Date.now();
    const until = Date.now() + o.drainMs;
    while (Date.now() < until) {
      ledger.poll();
      if (ledger.received !== seen) {
        seen = ledger.received;
        quietSince = Date.now();
      }
      held = await heldNow();
      if (held.every((h) => ledger.webhookIdsOf(h.id, h.label) > 0) && Date.now() - quietSince > 5_000) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const recoveredInMs = Date.now() - lostAt;

    const missing = held.filter((h) => ledger.webhookIdsOf(h.id, h.label) === 0);
    for (const m of missing.slice(0, 10)) o.log(`lost: ${m.id} ${m.label}`);
    // A notification delivered before the loss that the restored store does not explain
    // (its entry is in no restored journal) belongs to a history the restore undid: the
    // same label made again in the restored history is a new notification, not the old
    // one twice (the runbook tells partners so). Two webhook-ids of the restored history
    // for one label are a duplicate.
    const explained = await stage.withDb((db) =>
      journalIds(
        db,
        stage.partners.map((p) => p.id),
      ),
    );
    const ofRestoredHistory = (h: { id: string; label: string }) =>
      ledger.arrivalsOf(h.id, h.label).filter((a) => explained.has(a.webhookId) || a.at >= lostAt);
    const twice = held.filter((h) => ofRestoredHistory(h).length > 1);
    for (const t of twice.slice(0, 10)) o.log(`under two webhook-ids: ${t.id} ${t.label}`);
    const undone = held.reduce((n, h) => n + ledger.webhookIdsOf(h.id, h.label) - ofRestoredHistory(h).length, 0);
    if (undone) o.log(`${undone} notification(s) delivered before the loss belong to a history the restore undid`);
    const unjournaled = held.flatMap((h) => ledger.arrivalsOf(h.id, h.label)).filter((a) => a.at >= lostAt && !explained.has(a.webhookId)).length;
    o.log(`${explained.size} journal entries; ${unjournaled} arrival(s) after the restore under an id no journal holds`);
    const effects = await traffic.duplicateEffects();
    for (const e of effects.slice(0, 10)) o.log(`duplicate effect: ${e}`);
    const backfilled = await backfillLines(stage, o.log);
    const lineProblems = await stage.withDb(paymentLineProblems);
    for (const p of lineProblems.slice(0, 10)) o.log(`payment lines: ${p}`);
    const check = await stage.withDb((db) => checkLedger(db, orderTotals(db)));
    for (const p of check.problems.slice(0, 10)) o.log(`ledger check: ${p.code} ${p.detail}`);
    const ledgerCheck = await ledgerCheckExit(stage);
    for (const f of traffic.failures.slice(0, 10)) o.log(`failed call: ${f}`);
    return {
      drill: 'restore',
      requests: traffic.requests,
      expectedNotifications: held.length,
      delivered: held.length - missing.length,
      lost: missing.length,
      duplicateEffects: twice.length + effects.length,
      p99Ms: percentile(ledger.latencies(), 99),
      failedCalls: traffic.failures.length,
      paymentLines: check.counted.lines,
      ledgerProblems: check.problems.length + lineProblems.length + (ledgerCheck === 0 ? 0 : 1),
      targetPerS: o.rate,
      achievedPerS,
      restoredDocuments: restored,
      deliveredBeforeRestore: deliveredBefore,
      lostWithRestore: ledger.expectedCount - held.length,
      republished,
      recoveredInMs,
      paymentLineProblems: lineProblems.length,
      backfilledLines: backfilled.written,
      withdrawnLines: backfilled.withdrawn,
      undoneByRestore: undone,
      ledgerCheckExit: ledgerCheck,
    };
  } finally {
    await stage.dispose();
    if (originalDb && originalDb !== stage.config.store.db) {
      const db = originalDb;
      await stage.withDb((d) => d.client.db(db).dropDatabase()).catch(() => {});
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/** The ids of every outbox entry the journals of the partners' applications and ledgers hold (what the restored store can explain). */
async function journalIds(db: Db, partnerIds: string[]): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const name of ['applications', 'payment_ledgers']) {
    const docs = db.collection<{ journal?: { id: string }[] }>(name).find({ partnerId: { $in: partnerIds } }, { projection: { 'journal.id': 1 } });
    for await (const d of docs) for (const e of d.journal ?? []) ids.add(e.id);
  }
  return ids;
}
