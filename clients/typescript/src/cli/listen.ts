import { createFinancingClient, must, type FinancingApi } from '../client.js';
import { FinancingApiError, FinancingConnectionError } from '../errors.js';
import type { FeedEvent } from '../models.js';
import { LOGIN_PATH } from '../session.js';
import { WebhookSigner } from '../signing.js';
import { describeEvent, matches } from './event-filter.js';
import { forward, ForwardUnreachable, type ForwardResult } from './forward.js';
import { StateFile } from './state.js';

export interface ListenOptions {
  baseUrl: string;
  username: string;
  password: string;
  webhookSecret: string;
  caFile?: string;
  forwardTo: URL;
  /** `--events`; undefined: every event */
  events?: Set<string>;
  stateFile: string;
  /** forward the feed from its start instead of resuming (or, the first time, starting at its end) */
  fromStart: boolean;
  /** how long an idle feed waits before it is read again */
  pollMs: number;
  /** one line per forward (stdout) */
  out: (line: string) => void;
  /** what happens meanwhile: start, errors, retries, stop (stderr) */
  log: (line: string) => void;
  /** aborted on Ctrl-C / SIGTERM: the forward in flight finishes, its position is saved, listen returns */
  signal: AbortSignal;
  maxBackoffMs?: number;
  forwardTimeoutMs?: number;
}

/** An error that waiting cannot cure (credentials refused, a position the feed does not know, a bad option): exit non-zero. */
export class Unrecoverable extends Error {}

const PAGE = 100;
/** a wall-clock gap this much longer than the wait asked for means the machine slept */
const SLEEP_GAP_MS = 30_000;

/** local time, as a terminal shows it */
const clock = () => new Date().toTimeString().slice(0, 8);

/**
 * `listen`: follows the partner's event feed (GET /financing/v1/events, paging with `after`)
 * and POSTs each notification to `forwardTo`, in feed order, signed with the partner's
 * webhook secret as the relay signs it. After every event the position is written to the
 * state file, so a stopped, crashed or sleeping `listen` resumes after the last event it
 * forwarded and never forwards one twice (barring a crash between a forward and its save).
 *
 * It never stops silently: a feed or a target that does not answer is tried again with a
 * backoff (1 s doubling to 30 s), and every failure and recovery is printed. It gives up
 * (Unrecoverable) only on what waiting cannot mend: refused credentials, a saved position
 * the feed no longer has, a certificate that was never trusted.
 */
export async function listen(o: ListenOptions): Promise<void> {
  const signer = new WebhookSigner(o.webhookSecret);
  const state = new StateFile(o.stateFile);
  const maxBackoff = o.maxBackoffMs ?? 30_000;
  const backoff = (n: number) => Math.min(1000 * 2 ** Math.max(0, n - 1), maxBackoff);
  const saved = await state.load(o.baseUrl, o.username).catch((err: Error) => {
    throw new Unrecoverable(err.message);
  });
  const newClient = (): FinancingApi => {
    try {
      return createFinancingClient({
        baseUrl: o.baseUrl,
        username: o.username,
        password: o.password,
        timeoutMs: 15_000,
        ...(o.caFile ? { caFile: o.caFile } : {}),
      });
    } catch (err) {
      throw new Unrecoverable((err as Error).message);
    }
  };
  let api = newClient();
  let answered = false; // the service has answered at least once: a later failure may be passing
  let failures = 0;
  let after: string | undefined;
  let forwarded = 0;
  let filteredOut = 0;
  const where = () => (after ? `event ${after}` : 'the start of the feed');
  const save = () => state.save({ baseUrl: o.baseUrl, username: o.username, ...(after ? { lastEventId: after } : {}), updatedAt: new Date().toISOString() });

  /** waits `ms` unless stopped; says so when the wall clock moved much more (the machine slept) */
  const pause = async (ms: number) => {
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        o.signal.removeEventListener('abort', done);
        resolve();
      }
      o.signal.addEventListener('abort', done, { once: true });
    });
    const gap = Date.now() - started - ms;
    if (gap > SLEEP_GAP_MS) o.log(`${clock()} ${Math.round(gap / 1000)} s passed while waiting (the computer slept?): resuming after ${where()}`);
  };

  const readPage = async (cursor: string | undefined): Promise<FeedEvent[]> => {
    const page = await must(api.GET('/financing/v1/events', { params: { query: { limit: PAGE, ...(cursor ? { after: cursor } : {}) } }, signal: o.signal }));
    if (failures > 0) o.log(`${clock()} the service answers again: resuming after ${where()}`);
    failures = 0;
    answered = true;
    return page.data;
  };

  /** What a failed feed read means: Unrecoverable is thrown, anything else is waited out. */
  const failed = async (err: unknown) => {
    if (o.signal.aborted) return;
    if (err instanceof FinancingApiError) {
      if (err.path === LOGIN_PATH && err.status !== 429 && err.status < 500) {
        throw new Unrecoverable(
          `the service refused the login of ${o.username} (${err.status} ${String(err.code ?? '')}): check --username / FINANCING_USERNAME and the password`,
        );
      }
      if (err.status === 400 && err.errors.some((e) => e.attribute === 'after')) {
        throw new Unrecoverable(
          `the feed does not know event ${after}, where the state file ${o.stateFile} says to resume (it keeps 30 days of events; a reset local database forgets them all): run again with --from-start, or delete the state file to start at the end of the feed`,
        );
      }
      if (err.status === 401 || err.status === 403 || err.status === 400 || err.status === 404) {
        throw new Unrecoverable(`the service refused to list the events: ${err.message}`);
      }
    } else if (err instanceof FinancingConnectionError) {
      if (err.isCertificateProblem && !answered) {
        throw new Unrecoverable(
          `${o.baseUrl} presented a certificate that is not trusted (${err.code}): pass the service's certificate with --ca-file or FINANCING_CA_FILE${o.caFile ? ` (${o.caFile} is not it: a local service makes a new one at each start)` : ''}; a local service's is printed by \`npm run -s cert > local-ca.pem\` in its repository`,
        );
      }
      try {
        api = newClient(); // fresh connections (stale ones outlive a sleep) and the CA file read again
      } catch (cannot) {
        o.log(`${clock()} ${(cannot as Error).message}; keeping the connection settings as they were`); // a CA file being rewritten
      }
    } else {
      throw err;
    }
    failures += 1;
    const wait = backoff(failures);
    const why =
      err instanceof FinancingConnectionError && err.isCertificateProblem
        ? `the service's certificate is no longer the trusted one (${err.code}; a local service makes a new one at each start): put the new one in ${o.caFile ?? 'a file named by --ca-file'} (\`npm run -s cert\`), it is read again at each try`
        : (err as Error).message;
    o.log(`${clock()} the feed could not be read: ${why}; trying again in ${wait / 1000} s (failure ${failures}; Ctrl-C stops)`);
    await pause(wait);
  };

  /** Forwards one event until its target answers (any status); false when stopped first. */
  const deliver = async (event: FeedEvent): Promise<boolean> => {
    const body = JSON.stringify(event.data);
    for (let attempt = 1; ; attempt++) {
      if (o.signal.aborted) return false;
      try {
        const result = await forward(o.forwardTo, body, signer.headers(event.id, body), o.forwardTimeoutMs ?? 10_000);
        o.out(forwardLine(event, result));
        return true;
      } catch (err) {
        if (!(err instanceof ForwardUnreachable)) throw err;
        const wait = backoff(attempt);
        o.log(
          `${clock()} event ${event.id} not forwarded: ${err.message}; trying again in ${wait / 1000} s (Ctrl-C stops; the event waits for the next listen)`,
        );
        await pause(wait);
      }
    }
  };

  // Where to start: the saved position; the start of the feed (--from-start); or, the first
  // time, the end of the feed as it is now.
  if (saved && !o.fromStart) {
    after = saved.lastEventId;
    o.log(`${clock()} resuming after ${where()} (position saved in ${o.stateFile})`);
  } else if (o.fromStart) {
    o.log(`${clock()} forwarding the whole feed from its start (--from-start); position saved in ${o.stateFile}`);
    await save();
  } else {
    let skipped = 0;
    for (;;) {
      if (o.signal.aborted) return;
      try {
        const page = await readPage(after);
        skipped += page.length;
        if (page.length > 0) after = page.at(-1)!.id;
        if (page.length < PAGE) break;
      } catch (err) {
        await failed(err);
      }
    }
    await save();
    o.log(
      `${clock()} starting at the end of the feed: ${skipped} earlier event(s) not forwarded (--from-start forwards them); position saved in ${o.stateFile}`,
    );
  }
  o.log(
    `${clock()} ready: forwarding ${o.events ? `the events named by --events (${[...o.events].join(', ')})` : 'every event'} of ${o.username} at ${o.baseUrl} to ${o.forwardTo.href}`,
  );

  while (!o.signal.aborted) {
    let page: FeedEvent[];
    try {
      page = await readPage(after);
    } catch (err) {
      await failed(err);
      continue;
    }
    for (const event of page) {
      if (matches(o.events, event)) {
        if (!(await deliver(event))) break;
        forwarded += 1;
      } else {
        filteredOut += 1;
      }
      after = event.id;
      await save();
      if (o.signal.aborted) break;
    }
    if (page.length < PAGE) await pause(o.pollMs);
  }
  o.log(
    `${clock()} stopped after ${where()}: ${forwarded} forwarded${o.events ? `, ${filteredOut} left out by --events` : ''}; listen again to resume from there`,
  );
}

function forwardLine(event: FeedEvent, r: ForwardResult): string {
  const verdict = r.acknowledged
    ? `${r.status}`
    : `${r.status}, not an acknowledgement (the service wants a 2xx with {"status": "OK"} and would retry): ${JSON.stringify(r.excerpt)}`;
  // a settlement is the partner's, of no one application
  const about = event.applicationId ? `application ${event.applicationId}, ` : '';
  return `${clock()} ${describeEvent(event)} (${about}event ${event.id}) -> ${verdict} in ${r.ms} ms`;
}
