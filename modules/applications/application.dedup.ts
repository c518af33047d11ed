import type { ApplicationRepository, DedupClaimDoc } from './application.repository.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import { ConcurrencyError } from '../../platform/errors.js';

/**
 * The duplicate rule under concurrency. A claim document whose `_id` is
 * the duplicate key is inserted before the application: the unique `_id` lets exactly one
 * of N identical concurrent requests win; the others find the winner's application (or
 * wait the few milliseconds until it is written). A claim older than the window, or one
 * whose application never appeared (its writer died), is taken over by compare-and-swap.
 */
export type ClaimResult = { won: true } | { won: false; applicationId: string };

/** How long a claim may stand without its application before it counts as abandoned. */
const ORPHAN_GRACE_MS = 30_000;
const WAIT_STEP_MS = 10;
/** The longest a request waits for a claim to turn orphan. */
const MAX_WAIT_MS = 10_000;
/** A claim this young without its application is most likely being written right now. */
const YOUNG_CLAIM_MS = 2_000;

export class DuplicateGuard {
  constructor(private readonly repo: ApplicationRepository, private readonly windowMs: number, private readonly clock: Clock = systemClock) {}

  /**
   * `now` is the request's arrival: the duplicate window is measured from it. Whether a
   * claim without its application is orphaned is a question of the clock while waiting,
   * so that age is measured against the clock.
   */
  async claim(key: string, partnerId: string, applicationId: string, now = this.clock.now()): Promise<ClaimResult> {
    const started = this.clock.now().getTime();
    for (;;) {
      if (await this.repo.insertDedupClaim({ _id: key, partnerId, applicationId, claimedAt: now })) return { won: true };
      const existing = await this.repo.findDedupClaim(key);
      if (!existing) continue; // released meanwhile: try again
      if (now.getTime() - existing.claimedAt.getTime() < this.windowMs) {
        if (await this.repo.exists(existing.applicationId)) return { won: false, applicationId: existing.applicationId };
        if (await this.waitedForWriter(existing, started)) continue;
      }
      // stamped with the clock, not the arrival: a request that waited must not make its
      // fresh claim look old (and orphaned) to the requests waiting behind it
      if (await this.repo.takeOverDedupClaim(existing, { applicationId, claimedAt: this.clock.now(), partnerId })) return { won: true };
    }
  }

  /**
   * A young claim's writer is normally mid-write (milliseconds): wait a step for it. An
   * older claim without its application is probably orphaned: wait for the grace to pass
   * only if that fits in MAX_WAIT_MS, otherwise answer at once with when to retry. False:
   * the claim is past its grace, take it over.
   */
  private async waitedForWriter(existing: DedupClaimDoc, started: number): Promise<boolean> {
    const at = this.clock.now().getTime();
    const age = at - existing.claimedAt.getTime();
    const orphanIn = ORPHAN_GRACE_MS - age;
    if (orphanIn <= 0) return false;
    if (age >= YOUNG_CLAIM_MS && orphanIn > MAX_WAIT_MS - (at - started)) {
      throw new ConcurrencyError('An identical request is still being processed, or was cut off; repeat the request later.', Math.ceil(orphanIn / 1000));
    }
    await new Promise<void>((r) => this.clock.after(WAIT_STEP_MS, r));
    return true;
  }

  /** Gives the key back when the application could not be written. */
  async release(key: string, applicationId: string): Promise<void> {
    await this.repo.releaseDedupClaim(key, applicationId);
  }
}
