import { createHash } from 'node:crypto';
import type { WindowCounters } from './window-counters.js';

export interface LoginThrottleOptions {
  maxPerUsername: number;
  maxPerClient: number;
  windowMs: number;
}

export type LoginAttempt =
  | { allowed: true; /** call once the password check is done */ settle(succeeded: boolean): Promise<void> }
  | { allowed: false; retryAfterSeconds: number; reason: 'username' | 'client' };

/**
 * Throttles password guessing (DESIGN 15: too many attempts → 429), per username and per
 * client address, with fixed-window counters in the store so every instance counts
 * together. An attempt is counted *before* the password is checked and refunded when it
 * succeeds: a burst of parallel guesses cannot slip past the limit between check and count,
 * and the counters hold failures (plus attempts in flight). Over the limit, even the right
 * password is refused until the window ends, which is what stops a guessing run.
 * Usernames are hashed into the key: attacker-chosen strings are neither stored nor logged.
 */
export class LoginThrottle {
  constructor(private readonly counters: WindowCounters, private readonly opts: LoginThrottleOptions) {}

  async begin(username: string, client: string, now = Date.now()): Promise<LoginAttempt> {
    const userKey = `login-user|${createHash('sha256').update(username).digest('base64url')}`;
    const clientKey = `login-client|${client}`;
    const { windowMs } = this.opts;
    const [user, cli] = await Promise.all([
      this.counters.add(userKey, windowMs, 1, now),
      this.counters.add(clientKey, windowMs, 1, now),
    ]);
    const retryAfterSeconds = Math.max(1, Math.ceil((user.resetAt - now) / 1000));
    if (cli.count > this.opts.maxPerClient) return { allowed: false, retryAfterSeconds, reason: 'client' };
    if (user.count > this.opts.maxPerUsername) return { allowed: false, retryAfterSeconds, reason: 'username' };
    return {
      allowed: true,
      settle: async (succeeded) => {
        if (!succeeded) return;
        await Promise.all([
          this.counters.add(userKey, windowMs, -1, now),
          this.counters.add(clientKey, windowMs, -1, now),
        ]);
      },
    };
  }
}
