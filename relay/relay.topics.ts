import { TOPICS } from '../platform/kafka.js';
import { REDELIVERIES_TOPIC } from '../modules/webhooks/index.js';

/**
 * The relay's own topics (logical names; the deployment prefix is added by `Topics`).
 *
 * - One retry topic per distinct delay of WEBHOOK_RETRY_DELAYS: every message in it waits
 *   the same time, so due times grow along a partition and a partition paused until its
 *   head is due never holds back a message that is due earlier.
 * - Redeliveries asked for by partners through the API.
 * - Dead letters: deliveries whose last attempt failed (the record in MongoDB stays the
 *   source of truth; the topic is for alerting and tooling).
 */
export const RELAY_TOPICS = {
  notifications: TOPICS.notifications,
  redeliveries: REDELIVERIES_TOPIC,
  deadLetter: 'webhooks.dead-letter',
} as const;

export function retryTopic(delayMs: number): string {
  return `webhooks.retry.${delayMs}ms`;
}

export function distinctDelays(delaysMs: number[]): number[] {
  return [...new Set(delaysMs)].sort((a, b) => a - b);
}

/** Every topic the relay needs besides the platform's. */
export function relayTopics(delaysMs: number[]): string[] {
  return [RELAY_TOPICS.redeliveries, RELAY_TOPICS.deadLetter, ...distinctDelays(delaysMs).map(retryTopic)];
}

/** Consumer group of a lane; several relay instances share each group's partitions. */
export function laneGroup(topic: string): string {
  return `relay.${topic}`;
}
