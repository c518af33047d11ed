import {
  attemptKey,
  PERMANENT_OUTCOMES,
  type AttemptRecord,
  type AttemptResult,
  type DeliveryDoc,
  type DeliveryState,
  type DeliveryTask,
} from '../modules/webhooks/index.js';

/**
 * The retry policy as pure decisions over the recorded delivery: what a task
 * should do given what is already recorded, and what recording an attempt changes. Every
 * decision is made from the record, so a replayed message (crash, rebalance, duplicate
 * retry message) finds its attempt already recorded and does not send it again.
 */
export interface RetryPolicy {
  /** delay before attempt 2, 3, ...; attempts in a round = delays + 1 */
  delaysMs: number[];
}

export type FollowUp = { kind: 'none' } | { kind: 'retry'; task: DeliveryTask; delayMs: number } | { kind: 'dead-letter'; task: DeliveryTask };

export type Precheck =
  | { kind: 'attempt' }
  /** a newer round started, or a later attempt of this round is recorded: nothing to do */
  | { kind: 'stale' }
  /** this attempt is recorded (a replay): only make sure its follow-up happened */
  | { kind: 'recorded'; followUp: FollowUp };

export type Recording =
  | { kind: 'stale' }
  | { kind: 'insert'; doc: DeliveryDoc; followUp: FollowUp }
  | { kind: 'update'; set: Record<string, unknown>; followUp: FollowUp };

export function maxAttempts(policy: RetryPolicy): number {
  return policy.delaysMs.length + 1;
}

export function precheck(doc: DeliveryDoc | null, task: DeliveryTask, policy: RetryPolicy): Precheck {
  if (!doc || doc.round < task.round) return { kind: 'attempt' };
  if (doc.round > task.round) return { kind: 'stale' };
  const recorded = doc.attempts[attemptKey(task.round, task.attempt)];
  if (recorded) {
    return doc.lastAttempt === task.attempt ? { kind: 'recorded', followUp: followUpOf(recorded, task, policy) } : { kind: 'stale' };
  }
  return doc.lastAttempt > task.attempt ? { kind: 'stale' } : { kind: 'attempt' };
}

export function followUpOf(rec: AttemptResult, task: DeliveryTask, policy: RetryPolicy): FollowUp {
  if (rec.outcome === 'ACKNOWLEDGED') return { kind: 'none' };
  if (task.attempt >= maxAttempts(policy) || PERMANENT_OUTCOMES.has(rec.outcome)) return { kind: 'dead-letter', task };
  const delayMs = policy.delaysMs[task.attempt - 1]!;
  const dueAt = new Date(rec.finishedAt.getTime() + delayMs).toISOString();
  return { kind: 'retry', delayMs, task: { ...task, attempt: task.attempt + 1, dueAt } };
}

function stateAfter(followUp: FollowUp): DeliveryState {
  if (followUp.kind === 'none') return 'DELIVERED';
  return followUp.kind === 'retry' ? 'RETRY_SCHEDULED' : 'DEAD_LETTERED';
}

/** What recording `result` for `task` writes, given the current record (null: none yet). */
export function recordAttempt(doc: DeliveryDoc | null, task: DeliveryTask, result: AttemptResult, policy: RetryPolicy, now: Date): Recording {
  if (precheck(doc, task, policy).kind !== 'attempt') return { kind: 'stale' };
  const record = attemptRecordOf(task, result);
  const followUp = followUpOf(result, task, policy);
  const outcome = outcomeOf(task, followUp, now);
  const key = attemptKey(task.round, task.attempt);
  if (!doc) return { kind: 'insert', followUp, doc: firstRecord(task, { [key]: record }, outcome, now) };
  return { kind: 'update', followUp, set: { [`attempts.${key}`]: record, attemptCount: doc.attemptCount + 1, ...outcome } };
}

function attemptRecordOf(task: DeliveryTask, result: AttemptResult): AttemptRecord {
  return {
    ...result,
    round: task.round,
    attempt: task.attempt,
    durationMs: result.finishedAt.getTime() - result.startedAt.getTime(),
  };
}

/** The record's state after this attempt, and when it was reached. */
function outcomeOf(task: DeliveryTask, followUp: FollowUp, now: Date) {
  const state = stateAfter(followUp);
  return {
    round: task.round,
    lastAttempt: task.attempt,
    state,
    nextAttemptAt: followUp.kind === 'retry' ? new Date(followUp.task.dueAt) : null,
    updatedAt: now,
    ...(state === 'DELIVERED' ? { deliveredAt: now } : {}),
    ...(state === 'DEAD_LETTERED' ? { deadLetteredAt: now } : {}),
  };
}

/** The delivery record the first attempt creates: the notification as sent, and that attempt. */
function firstRecord(task: DeliveryTask, attempts: DeliveryDoc['attempts'], outcome: ReturnType<typeof outcomeOf>, now: Date): DeliveryDoc {
  const n = task.notification;
  return {
    _id: task.deliveryId,
    version: 1,
    partnerId: n.partnerId,
    webhookId: n.id,
    kind: n.kind,
    url: n.url,
    payload: JSON.stringify(n.body),
    sourceEventId: n.sourceEventId,
    key: n.key,
    notificationCreatedAt: new Date(n.createdAt),
    createdAt: now,
    attemptCount: 1,
    attempts,
    deliveredAt: null,
    deadLetteredAt: null,
    ...outcome,
  };
}
