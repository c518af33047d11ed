/**
 * Shutdown's "give up on in-flight work", heard by every waiting delivery. An AbortSignal
 * would do, but its listeners live in an EventTarget whose add checks every listener
 * already there: with thousands of deliveries in flight that cost showed in profiles.
 */
export class Abandon {
  private readonly listeners = new Set<() => void>();
  private fired = false;

  get aborted(): boolean {
    return this.fired;
  }

  /** Calls `listener` once on abort; returns the unsubscribe. */
  onAbort(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  abort(): void {
    if (this.fired) return;
    this.fired = true;
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const l of listeners) l();
  }
}
