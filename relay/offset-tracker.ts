/**
 * Which offset of one partition may be committed while deliveries finish out of order.
 *
 * Messages are dispatched in offset order and finish in any order (a hanging endpoint
 * finishes late, a healthy one at once). Kafka keeps one committed offset per partition,
 * meaning "everything before it is done", so the committable offset is the lowest offset
 * still in flight, or one past the last dispatched offset when nothing is. A crash
 * therefore replays only messages that were not recorded yet, plus the finished ones
 * behind a slow one; those are recognised as already recorded and not sent again.
 */
export class PartitionTracker {
  private readonly order: bigint[] = [];
  private head = 0;
  private readonly done = new Set<bigint>();
  private next: bigint | undefined;
  private waiters: Array<() => void> = [];

  /** Registers a dispatched message; offsets must come in increasing order. */
  begin(offset: string): bigint {
    const o = BigInt(offset);
    if (this.next !== undefined && o < this.next) throw new Error(`offset ${o} dispatched after ${this.next - 1n}`);
    this.order.push(o);
    this.next = o + 1n;
    return o;
  }

  /** Marks a message as fully handled (its delivery state is recorded). */
  finish(offset: bigint): void {
    this.done.add(offset);
    while (this.head < this.order.length && this.done.has(this.order[this.head]!)) {
      this.done.delete(this.order[this.head]!);
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order.splice(0, this.head);
      this.head = 0;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The offset to commit (the next message to read after a restart), or undefined before any dispatch. */
  committable(): string | undefined {
    if (this.head < this.order.length) return this.order[this.head]!.toString();
    return this.next?.toString();
  }

  get inFlight(): number {
    return this.order.length - this.head;
  }

  /** Resolves on the next finish (backpressure: the caller re-checks `inFlight`). */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
