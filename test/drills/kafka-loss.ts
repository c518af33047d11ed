import { PrivateKafka } from '../support/private-kafka.js';
import type { DrillOptions } from './broker-loss.js';
import { DrillStage, trackForAbort } from './support/stage.js';
import { PAID_ON_SENDING, summarise, Traffic, type DrillResult } from './support/load.js';
import { groupCoordinatorReady, ledgerCheckExit, paymentLineProblems, reconcileSince, restartServices } from './support/recovery.js';

/** How far before the load began reconcile starts: the window must cover every write of the drill. */
const RECONCILE_MARGIN_MS = 60_000;

/**
 * Kafka's data lost: creates, decisions and dispatches on a broker of the drill's own, then
 * the broker killed, its whole data directory removed and the cluster formatted again (no
 * topics, no consumer groups, no offsets). The services start again on the empty cluster
 * (their topics created as at any start) and `ops kafka reconcile` re-publishes what the
 * documents' outbox journals hold: every notification the partners were owed arrives, none
 * under two webhook-ids, every payment line is there once and the ledger check passes.
 */
export async function kafkaLoss(o: DrillOptions): Promise<DrillResult> {
  const broker = trackForAbort(new PrivateKafka());
  const stage = trackForAbort(new DrillStage());
  try {
    await broker.prepare();
    await broker.start();
    await groupCoordinatorReady(broker.brokers);
    o.log(`private broker up: ${broker.brokers}`);
    await stage.setUp({ brokers: broker.brokers, apis: 1, relays: 1, partners: 2, partitions: 2, partnerArgs: PAID_ON_SENDING, log: o.log });
    const since = new Date(Date.now() - RECONCILE_MARGIN_MS);
    const traffic = new Traffic(stage, { decide: true, ship: true, paid: true });
    const { started, achievedPerS } = await traffic.run(o.rate, o.durationMs, o.maxInFlight);
    stage.ledger.poll();
    const deliveredBefore = stage.ledger.delivered();
    o.log(`load done: ${started} applications started, ${achievedPerS} creates/s; ${deliveredBefore} of ${stage.ledger.expectedCount} notifications delivered`);

    o.log('the loss: broker killed, its data directory wiped, formatted as a new cluster');
    const lostAt = Date.now();
    await broker.wipe();
    const open = await traffic.settle(30_000);
    o.log(`calls under way answered (${open} still open)`);
    await broker.start();
    await groupCoordinatorReady(broker.brokers);
    o.log('empty broker up (no topics, no consumer groups)');
    await restartServices(stage, o.log);
    const republished = await reconcileSince(stage, since, o.log);
    await traffic.drain(o.drainMs);
    const recoveredInMs = Date.now() - lostAt;
    const lineProblems = await stage.withDb(paymentLineProblems);
    for (const p of lineProblems.slice(0, 10)) o.log(`payment lines: ${p}`);
    const ledgerCheck = await ledgerCheckExit(stage);
    const result = await summarise(
      'kafka-loss',
      traffic,
      stage,
      {
        targetPerS: o.rate,
        achievedPerS,
        deliveredBeforeLoss: deliveredBefore,
        republished,
        recoveredInMs,
        paymentLineProblems: lineProblems.length,
        ledgerCheckExit: ledgerCheck,
      },
      o.log,
    );
    return { ...result, ledgerProblems: Number(result.ledgerProblems) + lineProblems.length + (ledgerCheck === 0 ? 0 : 1) };
  } finally {
    await stage.dispose();
    await broker.dispose();
  }
}
