import type { Consumer } from 'kafkajs';
import type { Logger } from './logger.js';

/** How often handled offsets are committed. */
export const COMMIT_INTERVAL_MS = 1_000;

interface Offset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * Commits a consumer's handled offsets on an interval instead of after every batch (which
 * kafkajs does whenever it commits by itself, an OffsetCommit per message at a paced rate).
 * Only offsets whose message was handled are committed; a rebalance drops what a past
 * generation handled but had not committed (the next owner handles it again). Offsets
 * within a partition are handled in order, so the last one handled is the one to commit.
 */
export class OffsetCommits {
  private pending = new Map<string, Offset>();
  /** raised by every rebalance: a message handled for a past one is not committed */
  private generation = 0;
  private inHand = 0;
  private drained: Array<() => void> = [];
  private chain: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly consumer: Consumer,
    private readonly log: Logger,
    intervalMs = COMMIT_INTERVAL_MS,
  ) {
    consumer.on(consumer.events.GROUP_JOIN, () => {
      this.generation++;
      this.pending.clear();
    });
    this.timer = setInterval(() => void this.commit(), intervalMs);
    this.timer.unref();
  }

  /**
   * Waits for a message's handling (or a whole fetched batch's, given its last message);
   * once it succeeded, the offset after it is due for the next commit.
   */
  async track({ topic, partition, message }: { topic: string; partition: number; message: { offset: string } }, handled: Promise<void>): Promise<void> {
    const generation = this.generation;
    this.inHand++;
    try {
      await handled;
      if (generation === this.generation) this.pending.set(`${topic}:${partition}`, { topic, partition, offset: (BigInt(message.offset) + 1n).toString() });
    } finally {
      if (--this.inHand === 0) for (const wake of this.drained.splice(0)) wake();
    }
  }

  /** One commit at a time; a failed one leaves its offsets for the next unless newer ones came. */
  commit(): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await this.consumer.commitOffsets([...batch.values()]);
      } catch (err) {
        this.log.warn({ err }, 'offset commit failed; the next one retries it');
        for (const [key, o] of batch) if (!this.pending.has(key)) this.pending.set(key, o);
      }
    });
    return this.chain;
  }

  /** Shutdown: fetch nothing more, let the messages in hand finish, commit what was handled. */
  async close(topics: string[]): Promise<void> {
    clearInterval(this.timer);
    try {
      this.consumer.pause(topics.map((topic) => ({ topic })));
    } catch {
      // not running yet: nothing is in hand
    }
    if (this.inHand > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
    await this.commit();
  }
}
