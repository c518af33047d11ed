import { AssignerProtocol, Kafka, logLevel, Partitioners } from 'kafkajs';
import { TOPICS } from '../../platform/kafka.js';
import { laneGroup } from '../../relay/relay.topics.js';
import { DrillStage, trackForAbort } from './support/stage.js';
import { summarise, sleep, Traffic, type DrillResult } from './support/load.js';
import { percentile } from './support/notifications.js';
import type { DrillOptions } from './broker-loss.js';

const PARTITIONS = 4;

/** Which notifications partitions each member of the relay's notifications group holds. */
async function assignment(kafka: Kafka, groupId: string, topic: string): Promise<Map<string, number[]>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([groupId]);
    const out = new Map<string, number[]>();
    for (const m of groups[0]?.members ?? []) {
      const decoded = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
      out.set(m.memberId, decoded?.assignment[topic] ?? []);
    }
    return out;
  } finally {
    await admin.disconnect();
  }
}

/** The partition an application's notifications go to (the producer's default partitioner). */
function partitionOf(applicationId: string): number {
  const partitionMetadata = Array.from({ length: PARTITIONS }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    partitionErrorCode: 0,
    replicas: [0],
    isr: [0],
  }));
  return Partitioners.DefaultPartitioner()({ topic: '', partitionMetadata, message: { key: applicationId, value: null } });
}

/**
 * One of two relay processes is SIGKILLed mid-stream: its partitions move to the survivor
 * once the group notices (its session timeout), nothing is lost or sent under a second
 * webhook-id, and the notifications on the survivor's own partitions (the other partners')
 * keep their latency: p99 after the kill within twice the p99 before it.
 */
export async function relayLoss(o: DrillOptions): Promise<DrillResult> {
  const stage = trackForAbort(new DrillStage());
  try {
    await stage.setUp({ apis: 1, relays: 2, partners: 3, partitions: PARTITIONS, log: o.log });
    const kafka = new Kafka({ brokers: stage.config.kafka.brokers, clientId: 'drill-observer', logLevel: logLevel.NOTHING });
    const topic = stage.config.kafka.topicPrefix + TOPICS.notifications;
    const groupId = stage.config.kafka.topicPrefix + laneGroup(TOPICS.notifications);
    const traffic = new Traffic(stage, { decide: false, ship: false });
    let before = new Map<string, number[]>();
    let killAt = 0;
    let kill: Promise<void> | undefined;
    const { started, achievedPerS } = await traffic.run(o.rate, o.durationMs, o.maxInFlight, (elapsed) => {
      if (!kill && elapsed >= o.durationMs * 0.45) {
        killAt = Date.now();
        kill = (async () => {
          before = await assignment(kafka, groupId, topic);
          o.log(`partitions before the kill: ${JSON.stringify([...before.values()])}; SIGKILL relay 1`);
          await stage.relays[0]!.stop('SIGKILL');
        })();
      }
    });
    o.log(`load done: ${started} applications started, ${achievedPerS} creates/s answered (target ${o.rate}/s)`);
    await kill;
    // the survivor keeps its member id through the rebalance: that tells whose partitions were whose
    let after = new Map<string, number[]>();
    for (let i = 0; i < 100 && (after.size !== 1 || after.values().next().value!.length !== PARTITIONS); i++) {
      after = await assignment(kafka, groupId, topic).catch(() => new Map());
      if (after.size !== 1) await sleep(300);
    }
    const [survivor, all] = [...after][0] ?? ['', []];
    const own = new Set(before.get(survivor) ?? []);
    o.log(`after the kill the survivor holds ${JSON.stringify(all)} (its own before: ${JSON.stringify([...own])})`);
    await traffic.drain(o.drainMs);
    stage.ledger.poll();
    const p99Before = percentile(
      stage.ledger.latencies((e) => e.triggeredAt < killAt),
      99,
    );
    const p99OthersAfter = percentile(
      stage.ledger.latencies((e) => e.triggeredAt >= killAt && own.has(partitionOf(e.applicationId))),
      99,
    );
    const p99MovedAfter = percentile(
      stage.ledger.latencies((e) => e.triggeredAt >= killAt && !own.has(partitionOf(e.applicationId))),
      99,
    );
    return await summarise(
      'relay-loss',
      traffic,
      stage,
      {
        targetPerS: o.rate,
        achievedPerS,
        p99BeforeKillMs: p99Before,
        p99OtherPartnersAfterKillMs: p99OthersAfter,
        p99MovedPartitionsAfterKillMs: p99MovedAfter,
        partitionsMoved: all.length === PARTITIONS && own.size > 0 && own.size < PARTITIONS,
        othersWithinTwiceBefore: p99OthersAfter <= 2 * Math.max(p99Before, 1),
      },
      o.log,
    );
  } finally {
    await stage.dispose();
  }
}
