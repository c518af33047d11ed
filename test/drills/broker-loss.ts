import { PrivateKafkaCluster } from '../support/private-kafka-cluster.js';
import { DrillStage, trackForAbort } from './support/stage.js';
import { summarise, Traffic, type DrillResult } from './support/load.js';

export interface DrillOptions {
  rate: number;
  durationMs: number;
  maxInFlight: number;
  drainMs: number;
  log: (m: string) => void;
}

/**
 * A broker of a three-node KRaft cluster is SIGKILLed under load (creates, decisions,
 * dispatches), then started again: with three replicas and two in sync required, every
 * acknowledged write survives and the producers, consumers and relay follow the new leaders.
 */
export async function brokerLoss(o: DrillOptions): Promise<DrillResult> {
  const cluster = trackForAbort(new PrivateKafkaCluster(3));
  const stage = trackForAbort(new DrillStage());
  try {
    await cluster.prepare();
    await cluster.start();
    o.log(`three-node cluster up: ${cluster.brokers}`);
    await stage.setUp({ brokers: cluster.brokers, apis: 1, relays: 1, partners: 2, partitions: 3, log: o.log });
    const traffic = new Traffic(stage, { decide: true, ship: true });
    let killedAt = -1;
    let restart: Promise<void> | undefined;
    const { started, achievedPerS } = await traffic.run(o.rate, o.durationMs, o.maxInFlight, (elapsed) => {
      if (killedAt < 0 && elapsed >= o.durationMs * 0.3) {
        killedAt = elapsed;
        o.log(`SIGKILL broker 2 at ${elapsed} ms`);
        void cluster.stopNode(2, 'SIGKILL');
      }
      if (killedAt >= 0 && !restart && elapsed >= o.durationMs * 0.65) {
        o.log(`starting broker 2 again at ${elapsed} ms`);
        restart = cluster.startNode(2).then(
          () => o.log('broker 2 is back in the cluster'),
          (err) => o.log(`broker 2 restart: ${err.message}`),
        );
      }
    });
    o.log(`load done: ${started} applications started, ${achievedPerS} creates/s answered (target ${o.rate}/s)`);
    await restart;
    await traffic.drain(o.drainMs);
    return await summarise('broker-loss', traffic, stage, { targetPerS: o.rate, achievedPerS, brokerKilledAtMs: killedAt }, o.log);
  } finally {
    await stage.dispose();
    await cluster.dispose();
  }
}
