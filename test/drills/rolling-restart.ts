import http from 'node:http';
import { TestClient } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import type { RelayProcess } from '../relay/support/relay-process.js';
import { DrillStage, trackForAbort } from './support/stage.js';
import { FailoverClient } from './support/failover-client.js';
import { LoadBalancer } from './support/haproxy.js';
import { summarise, Traffic, type DrillResult } from './support/load.js';
import type { DrillOptions } from './broker-loss.js';

/**
 * How long an API keeps serving after SIGTERM while its readiness says DRAINING (the balancer
 * checks every 500 ms; 5 s as the chart's default). DRILL_SHUTDOWN_DELAY=0s runs the rollout as it was before draining,
 * for the comparison.
 */
const DRAIN_DELAY = process.env.DRILL_SHUTDOWN_DELAY ?? '5s';

function relayReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health/ready', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

/**
 * A rollout: two API instances behind a real load balancer (HAProxy, health-checking
 * readiness as an endpoint controller would) and a relay pair, creates and fulfilment at a
 * steady rate with Idempotency-Keys, and every instance restarted in turn (SIGTERM, then
 * started again once it has drained), twice. What counts: connection errors and 5xx the
 * partner saw (all 0 when draining works: the instance leaves rotation before it stops
 * listening), notifications lost or delivered twice, and the ledger check.
 */
export async function rollingRestart(o: DrillOptions): Promise<DrillResult> {
  const stage = trackForAbort(new DrillStage());
  let lb: LoadBalancer | undefined;
  try {
    await stage.setUp({ apis: 2, relays: 2, partners: 2, partitions: 2, log: o.log, apiEnv: { SHUTDOWN_DELAY: DRAIN_DELAY } });
    lb = await new LoadBalancer(stage.apis.map((a) => Number(new URL(a.baseUrl).port))).start();
    // the partner knows one address: the balancer's (the certificate is the instances' own)
    stage.client.close();
    stage.client = new FailoverClient([new TestClient(`https://localhost:${lb.port}`, stage.apis[0]!.cert)]);
    const traffic = new Traffic(stage, { decide: true, ship: true });
    const restarts: string[] = [];
    let rollout: Promise<void> | undefined;
    const { started, achievedPerS } = await traffic.run(o.rate, o.durationMs, o.maxInFlight, (elapsed) => {
      if (!rollout && elapsed >= o.durationMs * 0.1) rollout = rollOut(stage, lb!, restarts, o.log);
    });
    await rollout;
    o.log(`load done: ${started} applications started, ${achievedPerS} creates/s answered; restarts: ${restarts.join(', ')}`);
    await traffic.drain(o.drainMs);
    return await summarise(
      'rolling-restart',
      traffic,
      stage,
      {
        targetPerS: o.rate,
        achievedPerS,
        restarts: restarts.length,
        connectionErrors: stage.client.connectionErrors,
        errorMessages: stage.client.errorMessages,
        staleConnectionRetries: stage.client.staleConnectionRetries,
        serverErrors: stage.client.serverErrors,
        retriedRequests: stage.client.retries,
      },
      o.log,
    );
  } finally {
    await lb?.dispose();
    await stage.dispose();
  }
}

/**
 * Every instance in turn, twice: the APIs (each back in the balancer's rotation before the
 * next goes, as a Deployment with maxUnavailable 0 waits for the new pod to be ready), then
 * the relays.
 */
async function rollOut(stage: DrillStage, lb: LoadBalancer, restarts: string[], log: (m: string) => void): Promise<void> {
  for (let round = 1; round <= 2; round++) {
    for (const [i, api] of stage.apis.entries()) {
      log(`round ${round}: SIGTERM API ${i + 1}`);
      const code = await api.stop('SIGTERM');
      if (code !== 0) log(`API ${i + 1} exited ${code}`);
      api.start();
      await api.healthy(60_000);
      // back in the balancer's rotation (two good checks) before the next one goes: on a
      // busy machine the checks can lag the instance's own readiness by seconds
      await lb.waitInRotation(`api${i + 1}`);
      restarts.push(`api${i + 1}`);
    }
    for (const [i, relay] of stage.relays.entries()) {
      log(`round ${round}: SIGTERM relay ${i + 1}`);
      await restartRelay(relay);
      restarts.push(`relay${i + 1}`);
    }
  }
}

async function restartRelay(relay: RelayProcess): Promise<void> {
  const port = relay.metricsPort!;
  await relay.stop('SIGTERM');
  relay.start();
  await waitFor('the relay to be ready again', () => relayReady(port), { maxWait: 60_000, interval: 200 }).catch((err) => {
    throw new Error(`${err.message}\n${relay.log}`);
  });
}
