import type { ApplicationRepository } from './application.repository.js';
import { isDuplicateKey } from '../../platform/mongo.js';
import { ConcurrencyError } from '../../platform/errors.js';

/**
 * The duplicate rule under concurrency (issue #4 item 2). A claim document whose `_id` is
 * the duplicate key is inserted before the application: the unique `_id` lets exactly one
 * of N identical concurrent requests win; the others find the winner's application (or
 * wait the few milliseconds until it is written). A claim older than the window, or one
 * whose application never appeared (its writer died), is taken over by compare-and-swap.
 */
export type ClaimResult = { won: true } | { won: false; applicationId: string };

/** How long a claim may stand without its application before it counts as abandoned. */
const ORPHAN_GRACE_MS = 30_000;
const WAIT_STEP_MS = 10;
const MAX_WAIT_MS = 10_000;

export class DuplicateGuard {
  constructor(private readonly repo: ApplicationRepository, private readonly windowMs: number) {}

  async claim(key: string, partnerId: string, applicationId: string, now = new Date()): Promise<ClaimResult> {
    const started = Date.now();
    while (Date.now() - started < MAX_WAIT_MS) {
      try {
        await this.repo.dedup.insertOne({ _id: key, partnerId, applicationId, claimedAt: now });
        return { won: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await this.repo.dedup.findOne({ _id: key });
      if (!existing) continue; // released meanwhile: try again
      const age = now.getTime() - existing.claimedAt.getTime();
      if (age < this.windowMs) {
        const app = await this.repo.applications.findOne({ _id: existing.applicationId }, { projection: { _id: 1 } });
        if (app) return { won: false, applicationId: existing.applicationId };
        if (age < ORPHAN_GRACE_MS) {
          await new Promise((r) => setTimeout(r, WAIT_STEP_MS)); // the first request is still writing
          continue;
        }
      }
      const taken = await this.repo.dedup.updateOne(
        { _id: key, applicationId: existing.applicationId, claimedAt: existing.claimedAt },
        { $set: { applicationId, claimedAt: now, partnerId } },
      );
      if (taken.modifiedCount === 1) return { won: true };
    }
    throw new ConcurrencyError('An identical request is still being processed; repeat the request.');
  }

  /** Gives the key back when the application could not be written. */
  async release(key: string, applicationId: string): Promise<void> {
    await this.repo.dedup.deleteOne({ _id: key, applicationId });
  }
}
