/**
 * What the outbox publisher of this process knows is not yet in Kafka: entries queued, in
 * flight, or whose publish failed and that wait for a sweep. It is the source of
 * `outbox_oldest_pending_age_seconds`, so a scrape reads memory and never queries the
 * store (a range query on `outboxAt` scans the whole collection on mongo-java-server).
 *
 * What it cannot know: entries a crashed process left behind, until a sweep finds them
 * (their creation time then shows their true age).
 */
export class UnpublishedEntries {
  /** entry id -> creation time (epoch ms) */
  private readonly createdAt = new Map<string, number>();
  /** of those, the ones whose publish failed: only a sweep (this one's or a peer's) clears them */
  private readonly failedIds = new Set<string>();

  queued(entries: readonly { id: string; createdAt: Date | string }[]): void {
    for (const e of entries) {
      this.failedIds.delete(e.id);
      if (!this.createdAt.has(e.id)) this.createdAt.set(e.id, +new Date(e.createdAt));
    }
  }

  sent(entries: readonly { id: string }[]): void {
    for (const e of entries) {
      this.createdAt.delete(e.id);
      this.failedIds.delete(e.id);
    }
  }

  failed(entries: readonly { id: string }[]): void {
    for (const e of entries) if (this.createdAt.has(e.id)) this.failedIds.add(e.id);
  }

  /** Its publish failed, or its write got no answer: only a sweep or a later write sends it. */
  isFailed(id: string): boolean {
    return this.failedIds.has(id);
  }

  /** Queued or in a produce of this process, and not failed: it is on its way. */
  onItsWay(id: string): boolean {
    return this.createdAt.has(id) && !this.failedIds.has(id);
  }

  /** The failed ids now, taken before a sweep reads the store. */
  failedSnapshot(): string[] {
    return [...this.failedIds];
  }

  /**
   * After a sweep that read every pending document written before `cutoff`: a failed entry
   * at least that old which the sweep did not find was published by a peer's sweep. (A newer
   * write to its document keeps the older `outboxAt`, so it cannot hide the entry.)
   */
  reconcile(failedBefore: readonly string[], found: ReadonlySet<string>, cutoff: number): void {
    for (const id of failedBefore) {
      const at = this.createdAt.get(id);
      if (at === undefined || at > cutoff || found.has(id) || !this.failedIds.has(id)) continue;
      this.failedIds.delete(id);
      this.createdAt.delete(id);
    }
  }

  oldestAt(): number | undefined {
    let oldest: number | undefined;
    for (const at of this.createdAt.values()) if (oldest === undefined || at < oldest) oldest = at;
    return oldest;
  }

  get size(): number {
    return this.createdAt.size;
  }
}
