import type { Lane } from './lane.js';
import { topicsMissingError } from '../platform/kafka-topic-presence.js';

/** A lane's loop that showed no sign of life (heartbeat, fetch, join) for this long is stuck. */
export const LANE_SILENCE_MS = 30_000;

export interface HealthAnswer {
  status: number;
  body: Record<string, unknown>;
}

type LaneStatus = ReturnType<Lane['status']>;

/**
 * Readiness of the relay: every lane is in its consumer group (joined after its last
 * rebalance) and the relay is not shutting down. A lane may hold no partition (more relays
 * than partitions): it is ready all the same, waiting as a stand-by; the body says how many
 * it holds. With KAFKA_TOPICS=check, a topic of the relay that the cluster no longer lists
 * (`missingTopics`) makes it TOPICS_MISSING: its lanes would wait on it for ever.
 */
export function relayReadiness(lanes: LaneStatus[], missingTopics?: readonly string[]): HealthAnswer {
  const notJoined = lanes.filter((l) => !l.joined || l.crashed).map((l) => l.topic);
  const stopping = lanes.some((l) => l.stopping);
  const missing = missingTopics?.length ? missingTopics : undefined;
  const status = stopping ? 'DRAINING' : missing ? 'TOPICS_MISSING' : notJoined.length ? 'STARTING' : 'UP';
  return {
    status: status === 'UP' ? 200 : 503,
    body: {
      status,
      lanes: lanes.map((l) => ({ topic: l.topic, joined: l.joined, assignedPartitions: l.assignedPartitions })),
      ...(notJoined.length ? { notJoined } : {}),
      ...(missing ? { errors: [topicsMissingError(missing)] } : {}),
    },
  };
}

/**
 * Liveness of the relay: no lane's consumer has crashed for good, and every lane that has
 * joined showed a sign of life within LANE_SILENCE_MS. A lane still joining does not fail it
 * (the startup probe covers the first join); a restart is what a stuck loop needs.
 */
export function relayLiveness(lanes: LaneStatus[], now = Date.now(), silenceMs = LANE_SILENCE_MS): HealthAnswer {
  const stuck = lanes.filter((l) => l.crashed || (l.joined && now - l.lastBeatAt > silenceMs)).map((l) => l.topic);
  return {
    status: stuck.length ? 503 : 200,
    body: { status: stuck.length ? 'DOWN' : 'UP', ...(stuck.length ? { stuck } : {}) },
  };
}
