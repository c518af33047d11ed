import { randomUUID } from 'node:crypto';
import type { StaleConnectionError, TestClient, TestResponse } from '../../support/http.js';

export interface Answer extends TestResponse {
  /** the request was sent more than once (a connection error, a timeout or a 5xx before) */
  retried: boolean;
}

/**
 * A partner's client of several API instances behind no balancer: requests go round-robin;
 * a connection error, a timeout or a 5xx sends the same request, with the same
 * Idempotency-Key, to the next instance, until it is answered or the deadline passes. An
 * instance that refused a connection is left alone for a moment. A 409 with Retry-After
 * (an identical create whose first attempt was cut off by the crash, until its claim is
 * known to be orphaned) is repeated after the time it names, as the API asks.
 *
 * A request that went out on a kept-alive connection the server closed at that moment (reset
 * before any answer) is sent again at once on a new connection and not counted as an error:
 * the request never reached the application, and production HTTP clients retry exactly this
 * case by themselves (Go's net/http for a request that carries an Idempotency-Key, OkHttp,
 * Node's documented `request.reusedSocket` pattern). HTTP/1.1 has no way for a server to tell
 * an idle connection not to be reused, so a draining server closing one always races a client
 * that picks it at that instant.
 */
export class FailoverClient {
  private turn = 0;
  private readonly downUntil: number[];
  /** HTTP requests sent, retries included */
  attempts = 0;
  retries = 0;
  /** attempts that got no answer (refused, reset, timed out) */
  connectionErrors = 0;
  /** attempts answered 5xx */
  serverErrors = 0;
  /** requests sent again because their kept-alive connection had just been closed */
  staleConnectionRetries = 0;
  /** what the last connection errors and 5xx said (for a failing drill's message) */
  readonly errorMessages: string[] = [];

  constructor(
    private readonly clients: TestClient[],
    private readonly deadlineMs = 90_000,
  ) {
    this.downUntil = clients.map(() => 0);
  }

  async write(method: 'POST' | 'PUT', path: string, body: unknown, token: string): Promise<Answer> {
    const key = randomUUID();
    const deadline = Date.now() + this.deadlineMs;
    let i = this.pick();
    let retried = false;
    let last = '';
    for (;;) {
      this.attempts++;
      try {
        const res = await this.clients[i]!.request(method, path, { body, token, headers: { 'Idempotency-Key': key }, timeoutMs: 15_000 });
        const retryAfter = res.status === 409 ? Number(res.headers['retry-after']) : NaN;
        if (res.status < 500 && !(retryAfter > 0)) return { ...res, retried };
        last = `${res.status} ${res.text.slice(0, 200)}`;
        if (res.status >= 500) {
          this.serverErrors++;
          this.note(`${method} ${path}: ${last}`);
        }
        if (retryAfter > 0) await new Promise((r) => setTimeout(r, Math.min(retryAfter * 1000, Math.max(0, deadline - Date.now()))));
      } catch (err) {
        last = (err as Error).message;
        if ((err as StaleConnectionError).staleConnection && Date.now() <= deadline) {
          this.staleConnectionRetries++;
          continue;
        }
        this.connectionErrors++;
        this.note(`${method} ${path}: ${last}`);
        this.downUntil[i] = Date.now() + 1_000;
      }
      if (Date.now() > deadline) throw new Error(`${method} ${path} unanswered until the deadline: ${last}`);
      retried = true;
      this.retries++;
      await new Promise((r) => setTimeout(r, 50));
      i = this.pick(i);
    }
  }

  private note(what: string): void {
    this.errorMessages.push(`${new Date().toISOString()} ${what}`);
    if (this.errorMessages.length > 10) this.errorMessages.shift();
  }

  /** The next instance in turn (after `after`, when retrying) that is not resting. */
  private pick(after?: number): number {
    const n = this.clients.length;
    const start = after === undefined ? this.turn++ : after + 1;
    for (let k = 0; k < n; k++) {
      const i = (start + k) % n;
      if (this.downUntil[i]! <= Date.now()) return i;
    }
    return start % n;
  }

  close(): void {
    for (const c of this.clients) c.close();
  }
}
