import { createHash } from 'node:crypto';
import type { WindowCount } from './window-counters.js';

export interface LoginThrottleOptions {
  /** failures of one username from one client before that pair is refused */
  maxPerPair: number;
  /** failures of one username from all clients together: the ceiling against distributed guessing */
  maxPerUsername: number;
  /** failures from one client over all usernames */
  maxPerClient: number;
  windowMs: number;
}

/** The counters the throttle needs (WindowCounters in the store; a fake in unit tests). */
export interface ThrottleCounters {
  add(key: string, windowMs: number, by: number, now: number): Promise<WindowCount>;
  addStamped(key: string, windowMs: number, now: number): Promise<WindowCount & { lastAt: number | undefined }>;
}

export type LoginAttempt =
  | { allowed: true /** call once the password check is done */; settle(succeeded: boolean): Promise<void> }
  | { allowed: false; retryAfterSeconds: number; reason: 'backoff' | 'pair' | 'username' | 'client' };

/** Failures of a pair that cost nothing; from then on each one doubles the wait before the next try. */
export const FREE_FAILURES = 3;
const MAX_BACKOFF_MS = 60_000;

export function backoffMs(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(1_000 * 2 ** (failures - FREE_FAILURES), MAX_BACKOFF_MS);
}

/**
 * Throttles password guessing without letting a stranger lock a partner out. The main
 * counter is per (username, client address) pair: a guesser at one address is slowed by an
 * exponential backoff after a few failures and refused past `maxPerPair`, while the
 * partner logging in from its own address is not affected. A much higher per-username
 * ceiling stops guessing spread over many addresses, and a per-client counter stops one
 * address trying many usernames. Counters live in the store, so every instance counts
 * together.
 *
 * An attempt is counted *before* the password is checked and refunded when it succeeds:
 * a burst of parallel guesses cannot slip past a limit between check and count. Over a
 * limit even the right password is refused until the window ends, which is what stops a
 * guessing run. Usernames are hashed into the keys: attacker-chosen strings are neither
 * stored nor logged.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: ThrottleCounters,
    private readonly opts: LoginThrottleOptions,
  ) {}

  async begin(username: string, client: string, now = Date.now()): Promise<LoginAttempt> {
    const user = createHash('sha256').update(username).digest('base64url');
    const keys = { pair: `login-pair|${user}|${client}`, user: `login-user|${user}`, client: `login-client|${client}` };
    const { windowMs } = this.opts;
    // the pair first: an attempt it refuses must not count toward the username's ceiling,
    // or one stranger hammering at one address would still lock the partner out
    const before = await this.counters.addStamped(keys.pair, windowMs, now);
    const untilReset = Math.max(1, Math.ceil((before.resetAt - now) / 1000));
    const refuse = (reason: Extract<LoginAttempt, { allowed: false }>['reason'], retryAfterSeconds = untilReset) =>
      ({ allowed: false, retryAfterSeconds, reason }) as const;
    if (before.count + 1 > this.opts.maxPerPair) return refuse('pair');
    // no backoff owed, no wait: a parallel attempt may have stamped a time later than ours
    const backoff = backoffMs(before.count);
    const wait = backoff === 0 || before.lastAt === undefined ? 0 : before.lastAt + backoff - now;
    if (wait > 0) return refuse('backoff', Math.ceil(wait / 1000));
    const [byUser, byClient] = await Promise.all([this.counters.add(keys.user, windowMs, 1, now), this.counters.add(keys.client, windowMs, 1, now)]);
    if (byClient.count > this.opts.maxPerClient) return refuse('client');
    if (byUser.count > this.opts.maxPerUsername) return refuse('username');
    return {
      allowed: true,
      settle: async (succeeded) => {
        if (!succeeded) return;
        await Promise.all(Object.values(keys).map((k) => this.counters.add(k, windowMs, -1, now)));
      },
    };
  }
}
