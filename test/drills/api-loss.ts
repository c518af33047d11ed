import { DrillStage, trackForAbort } from './support/stage.js';
import { summarise, Traffic, type DrillResult } from './support/load.js';
import type { DrillOptions } from './broker-loss.js';

/**
 * One of two API instances is SIGKILLed under load while the client sends every write with
 * an Idempotency-Key and, on a connection error or a 5xx, sends it again to the other
 * instance: every request is answered once and takes effect once (one application per
 * order, each state reached once, an order sent once), every notification arrives.
 */
export async function apiLoss(o: DrillOptions): Promise<DrillResult> {
  const stage = trackForAbort(new DrillStage());
  try {
    await stage.setUp({ apis: 2, relays: 1, partners: 2, partitions: 2, log: o.log });
    const traffic = new Traffic(stage, { decide: true, ship: true });
    const victim = stage.apis[0]!;
    let killedAt = -1;
    let restart: Promise<void> | undefined;
    const { started, achievedPerS } = await traffic.run(o.rate, o.durationMs, o.maxInFlight, (elapsed) => {
      if (killedAt < 0 && elapsed >= o.durationMs * 0.4) {
        killedAt = elapsed;
        o.log(`SIGKILL API 1 at ${elapsed} ms`);
        void victim.stop('SIGKILL');
      }
      if (killedAt >= 0 && !restart && elapsed >= o.durationMs * 0.75) {
        o.log(`starting API 1 again at ${elapsed} ms`);
        restart = victim
          .stop('SIGKILL')
          .then(() => victim.start().healthy(60_000))
          .then(
            () => o.log('API 1 is back'),
            (err) => o.log(`API 1 restart: ${err.message}`),
          );
      }
    });
    o.log(
      `load done: ${started} applications started, ${achievedPerS} creates/s answered (target ${o.rate}/s); ${stage.client.retries} requests were sent again`,
    );
    await restart;
    await traffic.drain(o.drainMs);
    return await summarise(
      'api-loss',
      traffic,
      stage,
      {
        targetPerS: o.rate,
        achievedPerS,
        retriedRequests: stage.client.retries,
        apiKilledAtMs: killedAt,
      },
      o.log,
    );
  } finally {
    await stage.dispose();
  }
}
