import type { ApplicationDoc } from '../application.model.js';
import { DedupKeyTakenError, type ApplicationRepository } from '../store/index.js';
import { ConcurrencyError } from '../../../platform/errors.js';

/**
 * The duplicate rule (an identical create within the window answers with the first
 * application) under concurrency, in one write. The application carries its duplicate key,
 * unique among applications: of N identical concurrent requests exactly one insert succeeds,
 * the others are refused by the index and answer with the winner, which is committed by
 * then. An application older than the window gives its key up to the next identical request
 * (compare-and-swap, so one taker wins). A writer that dies before its insert leaves
 * nothing behind, so a retry after a crash is simply created.
 */
export type InsertOnceResult = { doc: ApplicationDoc; created: boolean };

/** Rounds of insert / look up / take over before a request gives up with a retryable 409. */
const MAX_ROUNDS = 5;

export class DuplicateGuard {
  constructor(
    private readonly repo: Pick<ApplicationRepository, 'findByDedupKey' | 'releaseDedupKey'>,
    private readonly windowMs: number,
  ) {}

  /**
   * Runs `insert` (which writes an application holding `key`) unless an application within
   * the window holds the key. `now` is the request's arrival: the window is measured from
   * it to the first application's creation.
   */
  async insertOnce(key: string, now: Date, insert: () => Promise<ApplicationDoc>): Promise<InsertOnceResult> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      try {
        return { doc: await insert(), created: true };
      } catch (err) {
        if (!(err instanceof DedupKeyTakenError)) throw err;
      }
      const holder = await this.repo.findByDedupKey(key);
      if (!holder) continue; // given up meanwhile: insert again
      if (now.getTime() - holder.createdAt.getTime() < this.windowMs) return { doc: holder, created: false };
      await this.repo.releaseDedupKey(holder._id, key);
    }
    // only under a storm of identical requests around the window's end
    throw new ConcurrencyError('Identical requests are being processed at this moment; repeat the request.', 1);
  }
}
