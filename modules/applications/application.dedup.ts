import type { ApplicationRepository } from './application.repository.js';
import { isDuplicateKey } from '../../platform/mongo.js';
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
  constructor(private readonly repo: ApplicationRepository, private readonly windowMs: number) {}

  /**
   * `now` is the request's arrival: the duplicate window is measured from it. Whether a
   * claim without its application is orphaned is a question of the clock while waiting,
   * so that age is measured against Date.now().
   */
  async claim(key: string, partnerId: string, applicationId: string, now = new Date()): Promise<ClaimResult> {
    const started = Date.now();
    for (;;) {
      try {
        await this.repo.dedup.insertOne({ _id: key, partnerId, applicationId, claimedAt: now });
        return { won: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await this.repo.dedup.findOne({ _id: key });
      if (!existing) continue; // released meanwhile: try again
      if (now.getTime() - existing.claimedAt.getTime() < this.windowMs) {
        const app = await this.repo.applications.findOne({ _id: existing.applicationId }, { projection: { _id: 1 } });
        if (app) return { won: false, applicationId: existing.applicationId };
        const age = Date.now() - existing.claimedAt.getTime();
        const orphanIn = ORPHAN_GRACE_MS - age;
        if (orphanIn > 0) {
          // A young claim's writer is normally mid-write (milliseconds): wait for it. An older
          // claim without its application is probably orphaned: wait for the grace to pass
          // only if that fits in MAX_WAIT_MS, otherwise answer at once with when to retry.
          const young = age < YOUNG_CLAIM_MS;
          if (!young && orphanIn > MAX_WAIT_MS - (Date.now() - started)) {
            throw new ConcurrencyError('An identical request is still being processed, or was cut off; repeat the request later.', Math.ceil(orphanIn / 1000));
          }
          await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
          continue;
        }
      }
      const taken = await this.repo.dedup.updateOne(
        { _id: key, applicationId: existing.applicationId, claimedAt: existing.claimedAt },
        // stamped with the clock, not the arrival: a request that waited must not make its
        // fresh claim look old (and orphaned) to the requests waiting behind it
        { $set: { applicationId, claimedAt: new Date(), partnerId } },
      );
      if (taken.modifiedCount === 1) return { won: true };
    }
  }

  /** Gives the key back when the application could not be written. */
  async release(key: string, applicationId: string): Promise<void> {
    await this.repo.dedup.deleteOne({ _id: key, applicationId });
  }
}
