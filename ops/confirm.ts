import { userInfo } from 'node:os';
import type { ParseArgsOptionsConfig } from 'node:util';
import { UsageError, type Values, type VerbContext } from './verb.js';

/**
 * The one guard of every destructive verb (erase a customer, reconcile, replay, ...): it
 * runs dry unless the operator says both that they mean it and why. The long flag is
 * deliberate, as Svix's `wipe --yes-i-know-what-im-doing`: nobody types it by habit, and a
 * script that carries it says so in its own text. The reason goes to the audit line, so
 * whoever reads the logs later learns why the data changed, not only that it did.
 */
export const CONFIRM_FLAG = 'yes-i-know-what-im-doing';

/** The options every destructive verb takes; the program adds them to the verb's own. */
export const DESTRUCTIVE_OPTIONS: ParseArgsOptionsConfig = {
  [CONFIRM_FLAG]: { type: 'boolean' },
  reason: { type: 'string' },
};

export const DESTRUCTIVE_USAGE = `[--${CONFIRM_FLAG} --reason "why"]`;
export const DESTRUCTIVE_HELP = `Runs dry (changes nothing, prints what it would do) unless given --${CONFIRM_FLAG} and --reason "why"; the reason is logged with the change.`;

export type Confirmation = { apply: false } | { apply: true; reason: string };

/** Dry unless the flag is given; the flag without a reason (or a blank one) is refused. */
export function confirmation(values: Values): Confirmation {
  if (values[CONFIRM_FLAG] !== true) return { apply: false };
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (!reason) throw new UsageError(`--${CONFIRM_FLAG} needs --reason "why" (it is logged with the change)`);
  return { apply: true, reason };
}

export interface DestructiveSteps<P, R> {
  /** what would change, read without changing anything: the dry run's answer */
  plan(): Promise<P>;
  /** the change itself, given the operator's reason */
  apply(reason: string): Promise<R>;
}

/**
 * Runs a destructive verb's steps: the plan alone when dry (`{dryRun: true, plan}`), else
 * an audit line (verb, reason, operator) on the log before the change, then the change
 * (`{dryRun: false, reason, result}`).
 */
export async function destructively<P, R>(
  ctx: Pick<VerbContext, 'logger'>,
  verb: string,
  values: Values,
  steps: DestructiveSteps<P, R>,
): Promise<{ dryRun: true; plan: P; toApply: string } | { dryRun: false; reason: string; result: R }> {
  const decided = confirmation(values);
  if (!decided.apply) return { dryRun: true, plan: await steps.plan(), toApply: `repeat with --${CONFIRM_FLAG} --reason "why"` };
  ctx.logger.warn({ audit: true, verb, reason: decided.reason, operator: operator() }, `ops ${verb}: applying, confirmed with a reason`);
  return { dryRun: false, reason: decided.reason, result: await steps.apply(decided.reason) };
}

function operator(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
