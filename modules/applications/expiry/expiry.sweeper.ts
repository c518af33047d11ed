import type { Counter, Gauge } from 'prom-client';
import type { Logger } from '../../../platform/logger.js';
import { systemClock, type Clock } from '../../../platform/clock.js';
import type { ApplicationRepository } from '../store/index.js';
import type { ApplicationChanges } from '../change/index.js';
import { APPLICATION_EVENTS } from '../application.events.js';
import type { ExpirySchedule } from './expiry.schedule.js';

/** What made a pass run. */
export type ExpirySweepReason = 'start' | 'due' | 'backstop' | 'more' | 'retry';

export interface ExpirySweeperDeps {
  repo: ApplicationRepository;
  changes: ApplicationChanges;
  /** what this process wrote that falls due (ExpirySchedule) */
  schedule: ExpirySchedule;
  /** heartbeat: how often the sweeper checks whether a pass is due */
  intervalMs: number;
  /** backstop: a pass at least this often, for due times this process never saw (nor kept) */
  fullIntervalMs: number;
  logger: Logger;
  sweeps: Counter<'reason'>;
  /** set to the wall-clock time (s) a pass completed: a sweeper gone silent shows as its age */
  lastSuccess?: Gauge;
  /** the heartbeat's timer and the passes' time */
  clock?: Clock;
}

/** Due documents one pass takes per query; a full batch calls for another pass at the next beat. */
const BATCH = 500;

/**
 * Expiry of applications and recurrences with explicit time filters (no TTL index): PROCESSING
 * applications past APPLICATION_TTL become CANCELLED / CANCELLED_NOT_PAID with cancel reason
 * APPLICATION_CANCELLED_EXPIRED (event + notification through the outbox); READY recurrences
 * past their validity become EXPIRED. Safe with several API instances: each write is
 * state-checked and version-guarded, so an application expires once.
 *
 * It does not poll. Every `intervalMs` it checks, in memory, whether a pass is due: at start
 * (the process may have been down when something fell due), when a time this process wrote
 * has come (the schedule), when the last pass took a full batch or failed, and as a backstop
 * when no pass ran for `fullIntervalMs`, for what only other instances wrote (or this one
 * before a restart, or further ahead than the schedule keeps). So an application expires at
 * most two heartbeats late while the instance that wrote it runs, and at most
 * `fullIntervalMs` plus a heartbeat late otherwise.
 */
export class ExpirySweeper {
  private cancelTimer: (() => void) | undefined;
  private running: Promise<number> | undefined;
  private readonly extra = new Set<Promise<number>>();
  private stopped = true;
  private lastPassAt: number | undefined;
  private again: 'more' | 'retry' | undefined;

  private readonly clock: Clock;

  constructor(private readonly deps: ExpirySweeperDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  start(): void {
    this.stopped = false;
    const tick = (): Promise<void> =>
      this.tick()
        .catch((err) => this.deps.logger.warn({ err }, 'expiry sweep failed'))
        .finally(() => {
          if (!this.stopped) this.cancelTimer = this.clock.after(this.deps.intervalMs, tick);
        });
    // the start pass right away, not a heartbeat later: what fell due while the process was
    // down expires now, and the pass runs before the process takes its full load
    this.cancelTimer = this.clock.after(0, tick);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    await Promise.all([this.running, ...this.extra].map((p) => p?.catch(() => 0)));
  }

  /**
   * One pass now, whatever is due; returns how many applications and recurrences it expired.
   * A pass already running is joined, unless `concurrent` (what a second instance's pass
   * does; the state-checked, version-guarded writes keep it to one expiry per application).
   */
  sweep(now = this.clock.now(), opts: { concurrent?: boolean } = {}): Promise<number> {
    if (opts.concurrent) {
      const pass = this.pass(now).finally(() => this.extra.delete(pass));
      this.extra.add(pass);
      return pass;
    }
    this.running ??= this.pass(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The heartbeat: a pass when one is due (see the class comment). */
  private async tick(now = this.clock.now().getTime()): Promise<void> {
    const reason = this.dueReason(now);
    if (!reason) return;
    this.deps.sweeps.inc({ reason });
    this.lastPassAt = now;
    this.again = undefined;
    try {
      await this.sweep(new Date(now));
    } catch (err) {
      this.again = 'retry';
      throw err;
    }
  }

  private dueReason(now: number): ExpirySweepReason | undefined {
    // every pass takes everything due, so it also clears what the schedule holds as due
    const due = this.deps.schedule.takeDue(now);
    if (this.lastPassAt === undefined) return 'start';
    if (this.again) return this.again;
    if (due) return 'due';
    return now - this.lastPassAt >= this.deps.fullIntervalMs ? 'backstop' : undefined;
  }

  private async pass(now: Date): Promise<number> {
    const { repo, changes } = this.deps;
    let expired = 0;
    const due = await repo.idsExpiringBy(now, BATCH);
    for (const _id of due) {
      const done = await changes.changeIf(_id, (app) => {
        if (app.state !== 'PROCESSING' || !app.expiresAt || app.expiresAt > now) return null;
        return {
          trigger: 'EXPIRE',
          set: { cancelReason: { reason: 'APPLICATION_CANCELLED_EXPIRED' } },
          events: [{ type: APPLICATION_EVENTS.expired, data: { cancelReason: 'APPLICATION_CANCELLED_EXPIRED' } }],
        };
      });
      if (done) expired++;
    }
    const stale = await repo.idsWithRecurrenceEndedBy(now, BATCH);
    for (const _id of stale) {
      const done = await changes.changeIf(_id, (app) => {
        const r = app.recurrence;
        if (!r || r.state !== 'READY' || !r.validUntil || r.validUntil > now) return null;
        return { set: { recurrence: { ...r, state: 'EXPIRED' } }, events: [{ type: APPLICATION_EVENTS.recurrenceExpired, data: { recurrenceId: r.id } }] };
      });
      if (done) expired++;
    }
    if (due.length === BATCH || stale.length === BATCH) this.again = 'more';
    if (expired) this.deps.logger.info({ expired }, 'expiry sweep');
    this.deps.lastSuccess?.set(this.clock.now().getTime() / 1000);
    return expired;
  }
}
