import { BSON, type Db, type IndexDescription } from 'mongodb';
import { Kafka, logLevel } from 'kafkajs';
import { waitFor } from '../../support/wait.js';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { runOps } from '../../support/partners-cli.js';
import { startRelayRunning } from '../../e2e/support/relay-running.js';
import type { DrillStage } from './stage.js';

/**
 * Steps the recovery drills (kafka-loss, restore) share: the services restarted on what
 * was recovered, `ops kafka reconcile` run as an operator runs it, the payment lines
 * counted against the ledgers, and `ops ledger check`'s exit status.
 */

/** Every API and relay process stopped (before a restore: nothing may write the old store). */
export async function stopServices(stage: DrillStage): Promise<void> {
  await Promise.all([...stage.relays, ...stage.apis].map((p) => p.stop('SIGTERM').catch(() => null)));
}

/**
 * Every API and relay process stopped and started again (their topics are created at start),
 * on the store `stage.config` names now (a restore switches it).
 */
export async function restartServices(stage: DrillStage, log: (m: string) => void): Promise<void> {
  await stopServices(stage);
  for (const api of stage.apis) await api.start({ MONGO_DB: stage.config.store.db }).healthy(90_000);
  log(`${stage.apis.length} API process(es) started again`);
  for (let i = 0; i < stage.relays.length; i++) stage.relays[i] = await startRelayRunning(stage.config, stage.relayEnv);
  log(`${stage.relays.length} relay process(es) started again`);
}

/** `ops kafka reconcile --since <since>`, confirmed; returns what it re-published. */
export async function reconcileSince(stage: DrillStage, since: Date, log: (m: string) => void): Promise<number> {
  const args = ['kafka', 'reconcile', '--since', since.toISOString(), '--yes-i-know-what-im-doing', '--reason', 'recovery drill'];
  const r = await runOps(stage.config, args);
  if (r.code !== 0) throw new Error(`ops kafka reconcile exited ${r.code}: ${r.stderr.slice(-2000)}`);
  const result = r.json.result as { entries: number; republished: number; byTopic: Record<string, number>; journalsCutShort: number };
  log(`reconcile re-published ${result.republished} entries ${JSON.stringify(result.byTopic)}; journals cut short: ${result.journalsCutShort}`);
  return result.republished;
}

/**
 * `ops ledger backfill-lines`, as the runbook's restore asks once the consumers caught up:
 * the lines of ledger records a dump holds without them, and open lines a dump holds
 * without their records withdrawn. How many it wrote and withdrew.
 */
export async function backfillLines(stage: DrillStage, log: (m: string) => void): Promise<{ written: number; withdrawn: number }> {
  const r = await runOps(stage.config, ['ledger', 'backfill-lines']);
  if (r.code !== 0) throw new Error(`ops ledger backfill-lines exited ${r.code}: ${r.stderr.slice(-2000)}`);
  const result = (r.json.result ?? r.json) as { ledgers: number; lines: number; withdrawn: number };
  log(`backfill-lines read ${result.ledgers} ledgers, wrote ${result.lines} lines and withdrew ${result.withdrawn}`);
  return { written: result.lines, withdrawn: result.withdrawn };
}

/** `ops ledger check`'s exit status (0: no problem in the money at rest). */
export async function ledgerCheckExit(stage: DrillStage): Promise<number> {
  return (await runOps(stage.config, ['ledger', 'check'])).code;
}

/**
 * Payment lines against the ledgers: each ledger record's line present once, no line
 * without its record, and no order event paid twice (two records from one source event).
 */
export async function paymentLineProblems(db: Db): Promise<string[]> {
  const out: string[] = [];
  const lines = new Map<string, number>();
  for await (const l of db.collection<{ _id: string }>('payment_lines').find({}, { projection: { _id: 1 } })) lines.set(l._id, (lines.get(l._id) ?? 0) + 1);
  const recorded = new Set<string>();
  const ledgers = db
    .collection<{ _id: string; records: { paymentId: string; sourceEventId: string }[] }>('payment_ledgers')
    .find({}, { projection: { records: 1 } });
  for await (const ledger of ledgers) {
    const sources = new Set<string>();
    for (const r of ledger.records ?? []) {
      recorded.add(r.paymentId);
      if (sources.has(r.sourceEventId)) out.push(`${ledger._id}: order event ${r.sourceEventId} paid twice`);
      sources.add(r.sourceEventId);
      const n = lines.get(r.paymentId) ?? 0;
      if (n !== 1) out.push(`${ledger._id}: payment ${r.paymentId} has ${n} lines`);
    }
  }
  for (const id of lines.keys()) if (!recorded.has(id)) out.push(`line ${id} has no ledger record`);
  return out;
}

/**
 * A dump of every collection as the drill can make one (MongoDB's own tools are not on this
 * machine): each document as a line of canonical Extended JSON, so dates, binaries and
 * numbers come back as they were, collection by collection while the service writes, as
 * `mongodump` without --oplog does; and, as mongodump's metadata does, each collection's
 * index definitions. Returns the documents written per collection.
 */
export async function dumpDatabase(db: Db, file: string): Promise<Record<string, number>> {
  const out = createWriteStream(file);
  const counts: Record<string, number> = {};
  // in name order, as `mongodump` lists them: the consumers' inbox (`consumer_inbox`) before
  // what they write, so a change made while the dump runs is either in the dump with its
  // inbox mark or taken in again from reconcile's resend
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  for (const name of names) {
    if (name.startsWith('system.')) continue;
    counts[name] = 0;
    for await (const doc of db.collection(name).find({})) {
      if (!out.write(`${JSON.stringify({ c: name, d: BSON.EJSON.serialize(doc, { relaxed: false }) })}\n`)) await once(out, 'drain');
      counts[name]++;
    }
    const indexes = (await db.collection(name).indexes()).filter((i) => i.name !== '_id_').map(({ v: _v, ns: _ns, ...spec }) => spec);
    if (!out.write(`${JSON.stringify({ c: name, indexes: BSON.EJSON.serialize(indexes, { relaxed: false }) })}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return counts;
}

/**
 * Loads a dump into an empty database, its indexes with it, as mongorestore does: the dump
 * holds `schema_migrations` too, so the services (which build no index at start) and
 * `ops migrate apply` take the restored indexes as built.
 */
export async function restoreDatabase(db: Db, file: string): Promise<number> {
  let n = 0;
  const batches = new Map<string, unknown[]>();
  const indexes = new Map<string, IndexDescription[]>();
  const flush = async (name: string) => {
    const docs = batches.get(name);
    if (docs?.length) await db.collection(name).insertMany(docs as any[], { ordered: false });
    batches.set(name, []);
  };
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (!line) continue;
    const entry = JSON.parse(line) as { c: string; d?: unknown; indexes?: unknown };
    const { c, d } = entry;
    if (entry.indexes) {
      indexes.set(c, BSON.EJSON.deserialize(entry.indexes as any, { relaxed: false }) as IndexDescription[]);
      continue;
    }
    const list = batches.get(c) ?? [];
    list.push(BSON.EJSON.deserialize(d as any, { relaxed: false }));
    batches.set(c, list);
    n++;
    if (list.length >= 500) await flush(c);
  }
  for (const name of [...batches.keys()]) await flush(name);
  for (const [name, specs] of indexes) if (specs.length) await db.collection(name).createIndexes(specs);
  return n;
}

/**
 * Resolves once a freshly formatted broker answers for consumer groups: right after its start
 * the group coordinator is not yet there, and a service's start-up check of its groups fails.
 */
export async function groupCoordinatorReady(brokers: string): Promise<void> {
  const kafka = new Kafka({ brokers: [brokers], clientId: 'drill-coordinator-probe', logLevel: logLevel.NOTHING, retry: { retries: 2 } });
  await waitFor(
    'the group coordinator of the new broker',
    async () => {
      const admin = kafka.admin();
      try {
        await admin.connect();
        await admin.describeGroups(['drill-coordinator-probe']);
        return true;
      } catch {
        return false;
      } finally {
        await admin.disconnect().catch(() => {});
      }
    },
    { maxWait: 60_000, interval: 500 },
  );
}
