import type { Logger } from '../../platform/logger.js';
import type { ApplicationRepository } from './application.repository.js';
import type { ApplicationService } from './application.service.js';
import { APPLICATION_EVENTS } from './application.events.js';

/**
 * Expiry (DESIGN 9 and 14) as a periodic sweep with explicit time filters (no TTL index):
 * PROCESSING applications past APPLICATION_TTL become CANCELLED / CANCELLED_NOT_PAID with
 * cancel reason APPLICATION_CANCELLED_EXPIRED (event + notification through the outbox);
 * READY recurrences past their validity become EXPIRED. Safe with several API instances:
 * each write is state-checked and version-guarded, so an application expires once.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(private readonly deps: { repo: ApplicationRepository; applications: ApplicationService; intervalMs: number; logger: Logger }) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      this.sweep()
        .catch((err) => this.deps.logger.warn({ err }, 'expiry sweep failed'))
        .finally(() => { if (!this.stopped) this.timer = setTimeout(tick, this.deps.intervalMs).unref(); });
    };
    this.timer = setTimeout(tick, this.deps.intervalMs).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** One pass; returns how many applications and recurrences it expired. */
  sweep(now = new Date()): Promise<number> {
    this.running ??= this.pass(now).finally(() => { this.running = undefined; });
    return this.running;
  }

  private async pass(now: Date): Promise<number> {
    const { repo, applications } = this.deps;
    let expired = 0;
    const due = await repo.applications.find({ expiresAt: { $lte: now } }, { projection: { _id: 1 } }).limit(500).toArray();
    for (const { _id } of due) {
      const done = await applications.changeIf(_id, (app) => {
        if (app.state !== 'PROCESSING' || !app.expiresAt || app.expiresAt > now) return null;
        return {
          trigger: 'EXPIRE',
          set: { cancelReason: { reason: 'APPLICATION_CANCELLED_EXPIRED' } },
          events: [{ type: APPLICATION_EVENTS.expired, data: { cancelReason: 'APPLICATION_CANCELLED_EXPIRED' } }],
        };
      });
      if (done) expired++;
    }
    const stale = await repo.applications.find({ 'recurrence.state': 'READY', 'recurrence.validUntil': { $lte: now } }, { projection: { _id: 1 } }).limit(500).toArray();
    for (const { _id } of stale) {
      const done = await applications.changeIf(_id, (app) => {
        const r = app.recurrence;
        if (!r || r.state !== 'READY' || !r.validUntil || r.validUntil > now) return null;
        return { set: { recurrence: { ...r, state: 'EXPIRED' } }, events: [{ type: APPLICATION_EVENTS.recurrenceExpired, data: { recurrenceId: r.id } }] };
      });
      if (done) expired++;
    }
    if (expired) this.deps.logger.info({ expired }, 'expiry sweep');
    return expired;
  }
}
