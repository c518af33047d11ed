import { expect } from 'chai';
import type { DrillOptions } from '../broker-loss.js';
import type { DrillResult } from './load.js';

/**
 * Runs the reduced form of a drill (small numbers, the same checks as `npm run drill`):
 * prints its result line, its trail when it fails, and asserts traffic, no failed call,
 * nothing lost and nothing applied twice. Returns the result for the drill's own checks.
 */
export async function runReducedDrill(
  name: string,
  drill: (o: DrillOptions) => Promise<DrillResult>,
  load: Pick<DrillOptions, 'rate' | 'durationMs'>,
): Promise<DrillResult> {
  const lines: string[] = [];
  const log = (m: string) => {
    lines.push(m);
    if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[${name}] ${m}\n`);
  };
  const result = await drill({ ...load, maxInFlight: 32, drainMs: 60_000, log });
  process.stderr.write(`      ${JSON.stringify(result)}\n`);
  if (result.lost || result.duplicateEffects || result.failedCalls || result.ledgerProblems) process.stderr.write(`${lines.join('\n')}\n`);
  expect(result.expectedNotifications, 'the drill made traffic').to.be.greaterThan(0);
  expect(result.failedCalls, 'calls answered with an error').to.equal(0);
  expect(result.lost, 'notifications lost').to.equal(0);
  expect(result.duplicateEffects, 'effects applied twice').to.equal(0);
  expect(result.ledgerProblems, 'problems ops ledger check finds in the money at rest').to.equal(0);
  return result;
}
