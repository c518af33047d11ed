import { UnprocessableError } from '../../../platform/errors.js';
import { NO_REPLY, type Reply } from '../../../platform/idempotency.js';
import type { Clock } from '../../../platform/clock.js';
import type { ApplicationDoc } from '../application.model.js';
import { applicationNotFound } from '../application.errors.js';
import type { ApplicationRepository } from '../store/index.js';
import { compileChange, type ApplicationChange, type Decide } from './compile-change.js';
import { TransitionRefused } from '../application.state-machine.js';

export interface ApplicationChangesDeps {
  repo: ApplicationRepository;
  config: { recurrenceValidityMs: number };
  clock: Clock;
}

class NothingToDo extends Error {}

/** A refused state transition as the spec's 422 error. */
function asAppError(err: unknown): unknown {
  if (err instanceof TransitionRefused) return new UnprocessableError(err.refusal.code, err.refusal.message);
  return err;
}

/**
 * The one way to change an existing application: load, run the use case's pure `decide`,
 * and write the result with its events and notification in one version-guarded write
 * (compile-change.ts). The partner's cancel, the gateway, the decision, the recurrences, the
 * expiry sweeper and the orders module all change applications through it.
 */
export class ApplicationChanges {
  constructor(private readonly deps: ApplicationChangesDeps) {}

  /** The module's time (the clock the composition root chose). */
  now(): Date {
    return this.deps.clock.now();
  }

  /**
   * Loads the application (the partner's, when `partnerId` is given: another partner's id
   * is 404 exactly like an unknown one), runs the pure `decide` on it and writes the result
   * under optimistic concurrency with its events and notification in the outbox. A lost
   * race re-reads and decides again. Refused transitions become the spec's 422 errors.
   * `reply`: the answer of the partner's request, kept in the same write under its
   * Idempotency-Key; NO_REPLY when no request waits on the change.
   */
  async change<R = void>(
    partnerId: string | null,
    applicationId: string,
    decide: Decide<R>,
    reply: Reply<ApplicationDoc>,
    opts: { notFoundCode?: 'APPLICATION_NOT_FOUND' | 'OBJECT_NOT_FOUND'; now?: () => Date } = {},
  ): Promise<{ doc: ApplicationDoc; result: R | undefined }> {
    const { repo, config } = this.deps;
    const load = () => (partnerId === null ? repo.findById(applicationId) : repo.findForPartner(partnerId, applicationId));
    try {
      return await repo.mutate<R>(
        applicationId,
        load,
        async (doc) => {
          const change = await decide(doc);
          return compileChange(doc, change, opts.now?.() ?? this.deps.clock.now(), config);
        },
        { notFound: () => applicationNotFound(opts.notFoundCode), reply },
      );
    } catch (err) {
      throw asAppError(err);
    }
  }

  /**
   * `change` for internal use cases (consumers, sweeps, the gateway) that may find nothing
   * to do: `decide` returns null and nothing is written (no version bump, no event).
   */
  async changeIf<R>(
    applicationId: string,
    decide: (app: ApplicationDoc) => ApplicationChange<R> | null,
  ): Promise<{ doc: ApplicationDoc; result: R | undefined } | undefined> {
    try {
      return await this.change<R>(
        null,
        applicationId,
        (app) => {
          const change = decide(app);
          if (!change) throw new NothingToDo();
          return change;
        },
        NO_REPLY,
      );
    } catch (err) {
      if (err instanceof NothingToDo) return undefined;
      throw err;
    }
  }
}
