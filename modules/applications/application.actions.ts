import type { ApplicationDoc } from './application.model.js';

/**
 * `allowedActions` on every Application response: the partner operations that would be
 * accepted now. One source of truth: each action is judged by the very function that
 * accepts or refuses its call, run on the document with the call's default request, never
 * by a second table that could drift. The applications module judges its own operation
 * (cancel: change/cancel-application.ts); the orders module registers the rules of the
 * order operations at start.
 */
export const ACTIONS = ['CANCEL', 'CHANGE_ORDER', 'SEND', 'DELIVER', 'RETURN', 'CANCEL_ITEMS'] as const;
export type Action = (typeof ACTIONS)[number];

/** Accepts (returns) or refuses (throws) what the action's call would, without writing anything. */
export type ActionCheck = (app: ApplicationDoc) => void;

export class AllowedActions {
  private readonly checks = new Map<Action, ActionCheck>();

  register(action: Action, check: ActionCheck): void {
    this.checks.set(action, check);
  }

  /** The actions whose check accepts `app`, in the documented order. */
  of(app: ApplicationDoc): Action[] {
    return withoutStackTraces(() =>
      ACTIONS.filter((action) => {
        const check = this.checks.get(action);
        if (!check) return false;
        try {
          check(app);
          return true;
        } catch {
          return false;
        }
      }),
    );
  }
}

/**
 * Runs `fn` with V8's stack capture off. A refusal is the usual outcome of a check (a new
 * application refuses four of the six), its stack is never read, and capturing it was most
 * of a check's cost: about 90 µs of every Application response. Synchronous, so nothing
 * else runs while the limit is 0.
 */
function withoutStackTraces<T>(fn: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
