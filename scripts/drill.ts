/**
 * Failure drills: `npm run drill -- <broker-loss|relay-loss|api-loss|rolling-restart|kafka-loss|restore> [--rate N] [--seconds N]`.
 * Each starts what it needs on 127.0.0.1 (and the shared local MongoDB-wire server), runs a
 * bounded load, kills one process, and ends with one JSON line on stdout; progress goes to
 * stderr. Exit 0 only when nothing was lost, nothing took effect twice, no call failed and
 * the ledger check found no problem in the money at rest
 * (relay-loss: and the other partners' p99 held within twice its value before the kill).
 */
import { brokerLoss } from '../test/drills/broker-loss.js';
import { relayLoss } from '../test/drills/relay-loss.js';
import { apiLoss } from '../test/drills/api-loss.js';
import { rollingRestart } from '../test/drills/rolling-restart.js';
import { kafkaLoss } from '../test/drills/kafka-loss.js';
import { restore } from '../test/drills/restore.js';
import type { DrillResult } from '../test/drills/support/load.js';
import { disposeAll } from '../test/drills/support/stage.js';

const DRILLS = {
  'broker-loss': brokerLoss,
  'relay-loss': relayLoss,
  'api-loss': apiLoss,
  'rolling-restart': rollingRestart,
  'kafka-loss': kafkaLoss,
  restore,
} as const;
const DEFAULTS: Record<keyof typeof DRILLS, { rate: number; seconds: number }> = {
  'broker-loss': { rate: 200, seconds: 20 },
  'relay-loss': { rate: 50, seconds: 30 },
  'api-loss': { rate: 50, seconds: 30 },
  'rolling-restart': { rate: 30, seconds: 60 },
  'kafka-loss': { rate: 30, seconds: 20 },
  restore: { rate: 30, seconds: 20 },
};
/** the whole drill, set-up and drain included, never runs longer than this */
const HARD_LIMIT_MS = 300_000;

function arg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
}

async function main(): Promise<number> {
  const name = process.argv[2] as keyof typeof DRILLS;
  if (!(name in DRILLS)) {
    process.stderr.write(`usage: npm run drill -- <${Object.keys(DRILLS).join('|')}> [--rate N] [--seconds N]\n`);
    return 2;
  }
  const seconds = Math.min(arg('seconds') ?? DEFAULTS[name].seconds, 120);
  const rate = Math.min(arg('rate') ?? DEFAULTS[name].rate, 500);
  const started = Date.now();
  const log = (m: string) => process.stderr.write(`[drill ${name} +${((Date.now() - started) / 1000).toFixed(1)}s] ${m}\n`);
  const result: DrillResult = await DRILLS[name]({ rate, durationMs: seconds * 1000, maxInFlight: 64, drainMs: 120_000, log });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // relay-loss also holds the other partners' latency to twice what it was before the kill
  const latencyHeld = result.othersWithinTwiceBefore !== false;
  // rolling-restart also holds the partner's connection errors and 5xx at 0
  const rolloutClean = result.drill !== 'rolling-restart' || (result.connectionErrors === 0 && result.serverErrors === 0);
  return result.lost === 0 && result.duplicateEffects === 0 && result.failedCalls === 0 && result.ledgerProblems === 0 && latencyHeld && rolloutClean ? 0 : 1;
}

// a drill that hangs is stopped, and a signal still runs each drill's clean-up (finally)
const limit = setTimeout(() => {
  process.stderr.write('drill: hard time limit reached\n');
  process.kill(process.pid, 'SIGTERM');
}, HARD_LIMIT_MS);
limit.unref();
let signalled = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (signalled) process.exit(130);
    signalled = true;
    process.stderr.write(`drill: ${sig}, cleaning up\n`);
    setTimeout(() => process.exit(130), 20_000).unref();
    void disposeAll().finally(() => process.exit(130));
  });
}
main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`drill failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  },
);
