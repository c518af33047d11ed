import type { Admin } from 'kafkajs';
import { withTimeout } from './kafka.js';

/**
 * With KAFKA_TOPICS=check the service never creates a topic, so a topic that an operator
 * deletes (or a cluster migration forgets) after the start stays missing: producers fail and
 * consumers wait for ever while the instance looks healthy. Readiness asks this which of the
 * process's topics the cluster no longer lists, so the instance leaves rotation naming them.
 *
 * One listTopics per `cacheMs` at most, however many probes come. An unreachable cluster is
 * not a missing topic (undefined): the Kafka check of readiness reports that on its own.
 */
export class TopicPresence {
  private last: { at: number; missing: Promise<string[] | undefined> } | undefined;

  constructor(
    private readonly admin: () => Promise<Pick<Admin, 'listTopics'>>,
    readonly topics: readonly string[],
    private readonly opts: { cacheMs?: number; timeoutMs?: number; now?: () => number } = {},
  ) {}

  /** The process's topics the cluster does not list; undefined when the cluster did not answer. */
  missing(): Promise<string[] | undefined> {
    const now = (this.opts.now ?? Date.now)();
    if (this.last && now - this.last.at < (this.opts.cacheMs ?? 2000)) return this.last.missing;
    const missing = withTimeout(
      (async () => {
        const listed = new Set(await (await this.admin()).listTopics());
        return this.topics.filter((t) => !listed.has(t));
      })().catch(() => undefined),
      this.opts.timeoutMs ?? 1500,
      undefined,
    );
    this.last = { at: now, missing };
    return missing;
  }
}

/** The error record readiness answers with (the spec's error format). */
export function topicsMissingError(missing: readonly string[]): { code: 'TOPICS_MISSING'; message: string; severity: 'ERROR' } {
  const what = missing.length === 1 ? `Kafka topic ${missing[0]} does not exist` : `Kafka topics ${missing.join(', ')} do not exist`;
  return {
    code: 'TOPICS_MISSING',
    message: `${what}; KAFKA_TOPICS=check does not create topics: create them with \`ops kafka topics\`.`,
    severity: 'ERROR',
  };
}
