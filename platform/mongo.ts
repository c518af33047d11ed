import {
  type CommandFailedEvent,
  type CommandStartedEvent,
  type CommandSucceededEvent,
  MongoClient,
  MongoError,
  type Collection,
  type Document,
  type Filter,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type Db,
  type MongoClientOptions,
} from 'mongodb';
import { StoreUnavailable } from './errors.js';
import { activeSpanRecording, failSpan, type Span, SpanKind, tracer, tracingActive } from './tracing.js';

/**
 * One client per process. No session/transaction API is used: the same code runs on
 * MongoDB 7 and on the local MongoDB-wire store.
 *
 * `timeoutMs` bounds every wait of an operation on the store: finding a server, getting a
 * connection (an opening one included), and an answer on an open socket (a paused or
 * partitioned server accepts bytes and never replies, which without a socket timeout holds
 * a request for as long as the client waits). Past it the operation fails with a network
 * error, which the HTTP layer answers as a retryable 503 and background work retries.
 *
 * Opening a connection and the monitor's heartbeat get longer (`CONNECT_TIMEOUT_MS`): the
 * driver takes a handshake or heartbeat that times out for a dead server, clears the pool
 * and interrupts every operation in flight on it. With the operations' deadline there, one
 * heartbeat or handshake answered late by a busy server fails every request of the moment
 * at once (the likeliest cause of a rare 503 in the test suite on a loaded 2-core machine);
 * an operation still never waits longer than `timeoutMs` for its connection
 * (`waitQueueTimeoutMS`). One operation must therefore finish within it: production
 * MongoDB answers the service's queries from indexes; a store that scans large collections
 * (mongo-java-server with a big data set) needs a larger value.
 *
 * The connection string has the last word: the driver lets options given in code override
 * the URL's, so a default below applies only when the URL does not name that option. A
 * replica set is configured entirely in the URL (docs/operations.md):
 * `w=majority&readConcernLevel=majority&retryWrites=true&retryReads=true`.
 */
/** The deadline of a connection's handshake and of a heartbeat (see connectMongo). */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connections a process opens before it reports ready, and keeps open. A pool that opens
 * them on demand makes the first requests after a start (a deploy) pay a connection setup
 * each, all at once, on a store that is busy serving the other instances: those requests
 * wait behind the handshakes and, past `waitQueueTimeoutMS`, answer 503. Twenty covers the
 * requests one instance has in flight at a few hundred per second.
 */
export const MIN_POOL_SIZE = 20;

/**
 * TLS to the store, from MONGO_TLS_CA_FILE and MONGO_TLS_CERT_KEY_FILE: either one turns TLS
 * on (a URL with `tls=true` and neither trusts the system's CAs). Credentials travel in the
 * URL (`mongodb://user:pass@host/?authSource=admin&authMechanism=SCRAM-SHA-256`), passed to
 * the driver as they are.
 */
export interface MongoTls {
  caFile?: string | undefined;
  certKeyFile?: string | undefined;
}

export async function connectMongo(url: string, dbName: string, timeoutMs = 10_000, tls?: MongoTls): Promise<{ client: MongoClient; db: Db }> {
  const options = { ...clientOptions(url, timeoutMs), ...tlsOptions(tls) };
  const client = new MongoClient(url, { ...options, ...(tracingActive() ? { monitorCommands: true } : {}) });
  if (tracingActive()) traceCommands(client);
  try {
    await client.connect();
  } catch (err) {
    await client.close().catch(() => {});
    throw tlsFault(err, tls) ?? err;
  }
  const db = client.db(dbName);
  // as many pings at once as the pool keeps open: each needs a connection of its own, so
  // the pool is full before the first request instead of filling under it
  const warm = client.options.minPoolSize;
  if (warm > 0) await Promise.all(Array.from({ length: warm }, () => db.command({ ping: 1 })));
  return { client, db };
}

export function clientOptions(url: string, timeoutMs: number): MongoClientOptions {
  const defaults: MongoClientOptions = {
    // off unless the URL asks: the local store is a standalone server without sessions
    retryWrites: false,
    // a read retried after a network error waits a second timeout: the caller retries instead
    retryReads: false,
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: Math.max(timeoutMs, CONNECT_TIMEOUT_MS),
    socketTimeoutMS: timeoutMs,
    waitQueueTimeoutMS: timeoutMs,
    maxPoolSize: 50,
    minPoolSize: MIN_POOL_SIZE,
    appName: 'partner-financing',
  };
  const inUrl = urlOptionNames(url);
  return Object.fromEntries(Object.entries(defaults).filter(([key]) => !inUrl.has(key.toLowerCase())));
}

function tlsOptions(tls: MongoTls | undefined): MongoClientOptions {
  if (!tls?.caFile && !tls?.certKeyFile) return {};
  return { tls: true, ...(tls.caFile ? { tlsCAFile: tls.caFile } : {}), ...(tls.certKeyFile ? { tlsCertificateKeyFile: tls.certKeyFile } : {}) };
}

/** Node's codes for a server certificate that the client does not trust or that names another host. */
const UNTRUSTED =
  /SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT|CERT_HAS_EXPIRED|ERR_TLS_CERT_ALTNAME_INVALID|self[- ]signed certificate|unable to verify|unable to get local issuer/i;
/** What a TLS server's refusal of the client's certificate (or its absence) looks like. */
const CLIENT_CERT_REFUSED = /certificate required|alert (number )?11[56]|bad certificate|unknown ca|handshake failure/i;

/**
 * A start that fails on TLS names the setting to look at, instead of the driver's server
 * selection timeout with the cause buried in its topology description. Undefined: not TLS.
 */
export function tlsFault(err: unknown, tls: MongoTls | undefined): Error | undefined {
  const texts: string[] = [];
  const collect = (e: unknown, depth = 0) => {
    if (!e || typeof e !== 'object' || depth > 4) return;
    const { message, code, cause, reason } = e as { message?: string; code?: string; cause?: unknown; reason?: { servers?: Map<string, { error?: unknown }> } };
    if (message) texts.push(message);
    if (typeof code === 'string') texts.push(code);
    collect(cause, depth + 1);
    for (const server of reason?.servers?.values() ?? []) collect(server.error, depth + 1);
  };
  collect(err);
  const all = texts.join(' | ');
  const detail = texts.find((t) => UNTRUSTED.test(t) || CLIENT_CERT_REFUSED.test(t)) ?? texts[0] ?? String(err);
  if (UNTRUSTED.test(all)) {
    const ca = tls?.caFile ? `MONGO_TLS_CA_FILE (${tls.caFile})` : "MONGO_TLS_CA_FILE (unset: the system's CAs)";
    return new Error(`${ca}: the store's TLS certificate is not trusted, or does not name the host in MONGO_URL: ${detail}`, { cause: err });
  }
  if (CLIENT_CERT_REFUSED.test(all)) {
    const cert = tls?.certKeyFile ? `MONGO_TLS_CERT_KEY_FILE (${tls.certKeyFile})` : 'MONGO_TLS_CERT_KEY_FILE (unset)';
    return new Error(`${cert}: the store refused the TLS handshake; it wants a client certificate it trusts: ${detail}`, { cause: err });
  }
  return undefined;
}

/** The option names a connection string carries, lower-cased (the driver matches them so). */
export function urlOptionNames(url: string): Set<string> {
  const q = url.indexOf('?');
  if (q < 0) return new Set();
  return new Set([...new URLSearchParams(url.slice(q + 1)).keys()].map((k) => k.toLowerCase()));
}

/** The store did not answer: no server, a refused or reset connection, or no reply in time. */
export function isStoreUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailable) return isStoreUnavailable(err.cause);
  // (a cleared pool is a MongoNetworkError; the wait-queue timeout is known by its name only)
  return (
    err instanceof MongoNetworkError ||
    err instanceof MongoServerSelectionError ||
    err instanceof MongoNotConnectedError ||
    err instanceof MongoTopologyClosedError ||
    (err instanceof MongoError && err.name === 'MongoWaitQueueTimeoutError')
  );
}

/**
 * The store adapters' translation of the driver's errors: a MongoDB error becomes the
 * platform's StoreUnavailable (the driver's error as its cause), so the code that decides
 * what to retry knows no driver. Other errors pass unchanged. Use it where no caller reads
 * the driver's codes (a duplicate key is told by the adapter itself first).
 */
export function asStoreError(err: unknown): never {
  if (err instanceof MongoError) throw new StoreUnavailable(`the store failed: ${err.message}`, err);
  throw err;
}

/** Duplicate key error code, the same on MongoDB and FerretDB. */
export const DUPLICATE_KEY = 11000;

export function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number }).code === DUPLICATE_KEY;
}

/**
 * How many documents match `query`, by the `count` command: MongoDB answers it with a
 * COUNT_SCAN of an index whose leading keys the query fixes, and the local store's launcher
 * likewise from its index entries. Not `countDocuments`: that is an aggregation, which some
 * MongoDB-wire stores (the local one) run over every document of the collection.
 */
export async function countMatching<T extends Document>(collection: Collection<T>, query: Filter<T>): Promise<number> {
  return Number((await collection.db.command({ count: collection.collectionName, query })).n);
}

/** Commands that are the driver's own (handshakes, authentication, pings), not the store work a span should show. */
const UNTRACED_COMMANDS = new Set(['hello', 'ismaster', 'isMaster', 'saslStart', 'saslContinue', 'ping', 'buildInfo', 'endSessions']);

/**
 * Store operations as client spans, through the driver's command monitoring (on only while
 * tracing exports): a span per command run for a traced request, message or delivery, named
 * by the command and collection, never holding the command's content (personal data). A
 * command with no traced work around it (the sweeper's idle scans) makes no span.
 */
function traceCommands(client: MongoClient): void {
  const open = new Map<number, Span>();
  client.on('commandStarted', (e: CommandStartedEvent) => {
    if (UNTRACED_COMMANDS.has(e.commandName) || !activeSpanRecording()) return;
    const collection = e.command?.[e.commandName];
    open.set(
      e.requestId,
      tracer().startSpan(`${e.commandName}${typeof collection === 'string' ? ` ${collection}` : ''}`, {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'mongodb',
          'db.namespace': e.databaseName,
          'db.operation.name': e.commandName,
          ...(typeof collection === 'string' ? { 'db.collection.name': collection } : {}),
        },
      }),
    );
  });
  client.on('commandSucceeded', (e: CommandSucceededEvent) => {
    open.get(e.requestId)?.end();
    open.delete(e.requestId);
  });
  client.on('commandFailed', (e: CommandFailedEvent) => {
    const span = open.get(e.requestId);
    if (!span) return;
    failSpan(span, e.failure);
    span.end();
    open.delete(e.requestId);
  });
}
