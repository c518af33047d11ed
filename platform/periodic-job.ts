import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

/**
 * When the next run comes, in ms from `now`: a fixed interval (the retention jobs), or a
 * function of the clock and of whether the run failed (the settlement cut-off: the next
 * cut-off, or sooner to retry a failed one).
 */
export type NextRun = number | ((now: Date, failed: boolean) => number);

/**
 * A task every instance runs on the clock: once at start, then when `next` says. A failed
 * run (it threw) is logged and tried again at the next run. The task must be safe when
 * several instances run it at once (each of its writes claims what it changes by a
 * conditional update or a unique key), since nothing elects one instance to run it.
 */
export class PeriodicJob {
  private cancel?: () => void;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly name: string,
    /** `stopping()` turns true on stop: a long run (a backlog) ends at its next check, so a drain never waits for it */
    private readonly task: (now: Date, stopping: () => boolean) => Promise<unknown>,
    private readonly clock: Clock,
    private readonly next: NextRun,
    private readonly log: Pick<Logger, 'error'>,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    await this.running;
  }

  /** One run now (tests, and an operator's command). */
  runOnce(now: Date = this.clock.now()): Promise<unknown> {
    return this.task(now, () => this.stopped);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.cancel = this.clock.after(ms, () => (this.running = this.tick()));
  }

  private async tick(): Promise<void> {
    let failed = false;
    try {
      await this.task(this.clock.now(), () => this.stopped);
    } catch (err) {
      failed = true;
      this.log.error({ err, job: this.name }, 'periodic job failed; tried again at its next run');
    }
    this.schedule(typeof this.next === 'number' ? this.next : this.next(this.clock.now(), failed));
  }
}
