import Joi from 'joi';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseDurationList, parseDuration } from './duration.js';
import { mailKeys, mailConfig } from './mail.config.js';
import { kafkaSecurity, SettingFileError } from './kafka-security.js';

/**
 * Every environment variable the service reads, with its default and meaning.
 * Validated once at boot; a bad value stops start-up naming the variable.
 * Nothing else in the code base reads process.env (scripts/ and test/ excepted).
 */
const duration = Joi.string()
  .pattern(/^\d+(ms|s|m|h|d)$/)
  .message('{{#label}} must be a duration like 500ms, 30s, 5m, 24h or 365d');
const boolean = Joi.boolean().truthy('1', 'yes').falsy('0', 'no', '');
const port = Joi.number().integer().min(0).max(65535);
/**
 * A value with a default for local runs only: with NODE_ENV=production it must be set, so
 * a production start never runs on a placeholder (invoices with made-up bank details).
 */
const localOnly = (s: Joi.Schema, local: string) =>
  s
    .when('NODE_ENV', { is: 'production', then: Joi.required(), otherwise: Joi.optional().default(local) })
    .meta({ localDefault: local, production: 'required' });
/** ISO 13616: the IBAN's check digits (mod 97 = 1), spaces allowed and removed. */
const iban: Joi.CustomValidator<string> = (v, h) => {
  const t = v.replace(/\s+/g, '').toUpperCase();
  const ok =
    /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(t) && BigInt(`${t.slice(4)}${t.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n;
  return ok ? t : h.message({ custom: '{{#label}} must be an IBAN with valid check digits' });
};
/** The event feed's removal of old entries relies on no insert lasting anywhere near it. */
const atLeastAnHour: Joi.CustomValidator<string> = (v, h) => (parseDuration(v) >= 3_600_000 ? v : h.message({ custom: '{{#label}} must be at least 1h' }));

/** A time zone Intl knows (an unknown one would fail the first cut-off, not the start). */
const ianaZone: Joi.CustomValidator<string> = (v, h) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return v;
  } catch {
    return h.message({ custom: '{{#label}} must be an IANA time zone such as Europe/Prague' });
  }
};

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development').description('development (local defaults), production or test'),
  LOG_LEVEL: Joi.string()
    .valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')
    .default('info')
    .description('pino log level of the JSON logs on stdout'),
  HTTPS_PORT: port.default(8443).description('HTTPS listener of the API'),
  HTTP_PORT: port.default(8080).description('plain HTTP listener: redirects to HTTPS'),
  BIND_HOST: Joi.string().default('127.0.0.1').description('address the API listens on; 0.0.0.0 in containers'),
  PUBLIC_BASE_URL: Joi.string()
    .uri({ scheme: ['https', 'http'] })
    .default('https://localhost:8443')
    .description('external base URL used in gateway links and redirects'),
  TLS_CERT_FILE: Joi.string().description(
    'PEM certificate; a self-signed one is generated when unset. A renewed file (and its key) is picked up without a restart: on a change in its directory, on SIGHUP, and every minute',
  ),
  TLS_KEY_FILE: Joi.string().description('PEM private key matching TLS_CERT_FILE'),
  MASTER_KEY_FILE: Joi.string()
    .when('NODE_ENV', { is: 'production', then: Joi.required() })
    .meta({ localDefault: 'a development key kept in the cache', production: 'required' })
    .description(
      'file holding the 32-byte master key (raw, base64 or hex) that seals webhook secrets and token signing keys at rest (AES-256-GCM envelope); `openssl rand -base64 32`',
    ),
  MASTER_KEY_PREVIOUS_FILES: Joi.string()
    .default('')
    .description(
      'comma-separated files of earlier master keys, during a rotation: records sealed under them still open until `ops keys reencrypt` has moved them to MASTER_KEY_FILE',
    ),
  PF_CACHE: Joi.string().description('the local cache directory (default ~/.cache/partner-financing): where a local run keeps its development master key'),
  TRUST_PROXY: boolean.default(false).description('honour X-Forwarded-Proto/-For from a TLS-terminating proxy'),
  MONGO_URL: Joi.string()
    .pattern(/^mongodb(\+srv)?:\/\//)
    .required()
    .description('MongoDB-wire connection string (npm start: the local stack when unset)'),
  STORE_TIMEOUT: duration
    .default('1500ms')
    .description(
      'how long one store operation may wait for an answer (and for a server to be found) before the request gets a retryable 503; raise it for stores that scan large collections',
    ),
  MONGO_DB: Joi.string()
    .pattern(/^[A-Za-z0-9_-]{1,60}$/)
    .default('partner_financing')
    .description('database name'),
  KAFKA_BROKERS: Joi.string()
    .pattern(/^[^,\s]+(,[^,\s]+)*$/)
    .required()
    .description('comma-separated host:port list (npm start: the local stack when unset)'),
  KAFKA_CLIENT_ID: Joi.string().default('partner-financing').description('Kafka client id'),
  KAFKA_TOPIC_PREFIX: Joi.string()
    .pattern(/^[a-z0-9._-]{0,40}$/)
    .allow('')
    .default('pf.')
    .description('prefix of every topic and consumer group (isolates test runs)'),
  KAFKA_PARTITIONS: Joi.number().integer().min(1).max(64).default(3).description('partitions of the topics the service creates'),
  // connecting to a secured cluster (read by platform/kafka-security.ts; docs/operations.md)
  KAFKA_SSL: boolean.default(false).description('connect to the brokers over TLS'),
  KAFKA_SSL_CA_FILE: Joi.string().description("PEM CA bundle that signs the brokers' certificates (KAFKA_SSL); unset: the system's trusted CAs"),
  KAFKA_SSL_CERT_FILE: Joi.string().description('PEM client certificate for mutual TLS (with KAFKA_SSL_KEY_FILE)'),
  KAFKA_SSL_KEY_FILE: Joi.string().description('PEM private key of KAFKA_SSL_CERT_FILE'),
  KAFKA_SASL_MECHANISM: Joi.string()
    .lowercase()
    .valid('plain', 'scram-sha-256', 'scram-sha-512')
    .description('SASL mechanism: plain, scram-sha-256 or scram-sha-512; unset: no SASL'),
  KAFKA_SASL_USERNAME: Joi.string().description('SASL user name (with KAFKA_SASL_MECHANISM)'),
  KAFKA_SASL_PASSWORD_FILE: Joi.string().description('file holding the SASL password (a mounted secret; read and trimmed at start)'),
  KAFKA_TOPICS: Joi.string()
    .valid('create', 'check')
    .default('create')
    .description(
      'create: create missing topics at start; check: only verify they exist with enough partitions and replicas (clusters that forbid clients to create topics; `ops kafka topics` prints or creates them)',
    ),
  OUTBOX_SWEEP_INTERVAL: duration
    .default('5s')
    .description(
      'heartbeat of the outbox publisher: how often it checks whether a sweep is due (its own failed publish, a peer whose heartbeat stopped, its start)',
    ),
  OUTBOX_SWEEP_GRACE: duration.default('2s').description('age an outbox entry must reach before the sweeper takes it'),
  OUTBOX_FULL_SWEEP_INTERVAL: duration.default('5m').description('backstop: a sweep at least this often even when nothing called for one'),
  SANDBOX: boolean
    .when('NODE_ENV', { is: 'production', then: Joi.optional().default(false), otherwise: Joi.optional().default(true) })
    .meta({ localDefault: true, productionDefault: false })
    .description('sandbox decision rules (+approve / +reject e-mails auto-decide); on by default locally, off by default in production'),
  MAINTENANCE: boolean.default(false).description('planned outage: health answers 503'),
  SHUTDOWN_DELAY: duration
    .when('NODE_ENV', { is: 'production', then: Joi.optional().default('5s'), otherwise: Joi.optional().default('0s') })
    .meta({ localDefault: '0s', productionDefault: '5s' })
    .description(
      'after SIGTERM the API keeps serving this long while its readiness answers 503 DRAINING, so a load balancer takes it out before it stops listening; then it drains in-flight requests',
    ),
  CURRENCIES: Joi.string()
    .pattern(/^[A-Z]{3}(,[A-Z]{3})*$/)
    .default('CZK')
    .description('accepted ISO 4217 currencies'),
  APPLICATION_TTL: duration.default('24h').description('PROCESSING applications expire after this'),
  RECURRENCE_VALIDITY: duration.default('365d').description('READY recurrences expire after this'),
  GATEWAY_TOKEN_TTL: duration.default('24h').description('lifetime of the gateway link token'),
  DUPLICATE_WINDOW: duration.default('20m').description('an identical create request within this window returns the first application (spec Limits)'),
  IDEMPOTENCY_TTL: duration.default('24h').description('how long the response to a request with an Idempotency-Key is kept for its retries'),
  IDEMPOTENCY_LEASE: duration
    .default('1m')
    .description('how long a request with an Idempotency-Key holds the key; a holder that died is resolved after it (longer than any request runs)'),
  IDEMPOTENCY_TEST_CRASH_AFTER_WRITE: boolean
    .default(false)
    .description('test only, ignored in production: the API kills itself after a write carrying a kept response commits, before it answers'),
  EXPIRY_SWEEP_INTERVAL: duration
    .default('30s')
    .description('heartbeat of the expiry sweeper: how often it checks whether an application or recurrence this instance wrote has fallen due'),
  EXPIRY_FULL_SWEEP_INTERVAL: duration.default('5m').description('backstop: an expiry sweep at least this often, for what other instances wrote'),
  EVENT_FEED_RETENTION: duration
    .custom(atLeastAnHour)
    .default('30d')
    .description(
      'how long an entry stays in the partner event feed (GET /financing/v1/events); older entries are no longer listed and are removed; at least 1h',
    ),
  WEBHOOK_RETRY_DELAYS: Joi.string()
    .pattern(/^\d+(ms|s|m|h)(,\d+(ms|s|m|h))*$/)
    .default('1m,5m,5m,5m,5m')
    .description('delays between webhook tries'),
  WEBHOOK_TIMEOUT: duration.default('10s').description('per-attempt timeout of a webhook POST, and the time limit of fetching a document URL'),
  WEBHOOK_CONCURRENCY_PER_ENDPOINT: Joi.number().integer().min(1).max(100).default(4).description('deliveries in flight per partner endpoint'),
  WEBHOOK_MAX_QUEUED_PER_ENDPOINT: Joi.number()
    .integer()
    .min(0)
    .max(1000000)
    .default(10000)
    .description(
      'deliveries that may wait for a slot of one endpoint (each at most WEBHOOK_TIMEOUT); past that an attempt fails as ENDPOINT_BUSY and is retried',
    ),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: boolean.description('allow loopback/private webhook endpoints and document URLs (default: on unless production)'),
  RATE_LIMIT_PER_MINUTE: Joi.number()
    .integer()
    .min(1)
    .default(600)
    .description('requests per partner per minute, shared by all API instances through the store'),
  LOGIN_MAX_FAILURES_PER_USERNAME_CLIENT: Joi.number()
    .integer()
    .min(1)
    .default(10)
    .description(
      'failed logins of one username from one client address per LOGIN_THROTTLE_WINDOW before 429 (after the 3rd, each waits twice as long: 1 s, 2 s, 4 s, ... 60 s)',
    ),
  LOGIN_MAX_FAILURES_PER_USERNAME: Joi.number()
    .integer()
    .min(1)
    .default(100)
    .description('failed logins of one username from all addresses per LOGIN_THROTTLE_WINDOW before 429 for everyone (distributed guessing)'),
  LOGIN_MAX_FAILURES_PER_CLIENT: Joi.number()
    .integer()
    .min(1)
    .default(50)
    .description('failed logins from one client address per LOGIN_THROTTLE_WINDOW before 429'),
  LOGIN_THROTTLE_WINDOW: duration.default('15m').description('window of the failed-login counters'),
  AUTH_CACHE_TTL: duration.default('2s').description('how long an instance trusts its copy of a partner (disable, revocation reach every instance within it)'),
  PORTAL_SESSION_TTL: duration.default('8h').description('lifetime of a partner portal session (from sign-in; sign out or disable ends it sooner)'),
  PORTAL_SETUP_LINK_TTL: duration.default('72h').description("lifetime of a portal user's one-time setup link"),
  // owner: the portal module (modules/portal/portal-endpoint-alerts.ts)
  PORTAL_ENDPOINT_ALERT_AFTER: duration
    .default('1h')
    .description(
      "how long a partner's webhook endpoint must keep failing before the partner's technical contacts (portal owners and operators) are e-mailed, and e-mailed again when it recovers; 0s sends no such e-mail",
    ),
  API_METRICS_PORT: port.default(9464).description('Prometheus /metrics of the API'),
  RELAY_METRICS_PORT: port.default(9465).description('Prometheus /metrics of the relay'),
  METRICS_HOST: Joi.string().default('127.0.0.1').description('address of the /metrics listeners'),
  BILLING_NAME: localOnly(Joi.string(), 'Partner Financing s.r.o.').description('invoice fullName on payments'),
  BILLING_ACCOUNT_NUMBER: localOnly(Joi.string(), '2000145399').description('invoice account number'),
  BILLING_BANK_CODE: localOnly(Joi.string(), '2010').description('invoice bank code'),
  BILLING_STREET: localOnly(Joi.string(), 'Na Florenci').description('invoice address: street'),
  BILLING_STREET_NUMBER: localOnly(Joi.string(), '2116/15').description('invoice address: street number'),
  BILLING_CITY: localOnly(Joi.string(), 'Praha').description('invoice address: city'),
  BILLING_ZIP: localOnly(Joi.string(), '11000').description('invoice address: zip'),
  BILLING_COUNTRY: localOnly(Joi.string().length(2), 'CZ').description('invoice address: country code'),
  COLLECTION_IBAN: localOnly(Joi.string().custom(iban), 'CZ9320100000002000145399').description(
    'IBAN of our collection account: customers pay their instalments to it (gateway page, QR Platba), payee name BILLING_NAME',
  ),
  SETTLEMENT_CUTOFF: Joi.string()
    .pattern(/^([01]\d|2[0-3]):[0-5]\d$/)
    .default('18:00')
    .description('daily settlement cut-off, local time HH:MM in SETTLEMENT_TIME_ZONE'),
  SETTLEMENT_TEST_CRASH_AT: Joi.string()
    .valid('', 'claimed', 'written')
    .default('')
    .description('test hook, ignored in production: the API kills itself (SIGKILL) in a settlement close once its lines are claimed, or once it is written'),
  SETTLEMENT_TEST_EVERY_MS: Joi.number()
    .integer()
    .min(0)
    .default(0)
    .description('test hook, ignored in production: cut-offs every this many ms instead of daily (0: daily)'),
  SETTLEMENT_TIME_ZONE: Joi.string()
    .custom(ianaZone)
    .default('Europe/Prague')
    .description('IANA time zone of the settlement cut-off (daylight saving followed)'),
  ...mailKeys,
})
  .and('TLS_CERT_FILE', 'TLS_KEY_FILE')
  .and('KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE')
  .with('KAFKA_SASL_MECHANISM', ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD_FILE'])
  .unknown(true);

export type Config = ReturnType<typeof shape>;

function shape(v: Record<string, any>) {
  const production = v.NODE_ENV === 'production';
  return {
    env: v.NODE_ENV as 'development' | 'production' | 'test',
    logLevel: v.LOG_LEVEL as string,
    http: {
      httpsPort: v.HTTPS_PORT as number,
      httpPort: v.HTTP_PORT as number,
      host: v.BIND_HOST as string,
      publicBaseUrl: (v.PUBLIC_BASE_URL as string).replace(/\/$/, ''),
      trustProxy: v.TRUST_PROXY as boolean,
      tls: v.TLS_CERT_FILE
        ? {
            cert: readFileSync(v.TLS_CERT_FILE, 'utf8'),
            key: readFileSync(v.TLS_KEY_FILE, 'utf8'),
            certFile: v.TLS_CERT_FILE as string,
            keyFile: v.TLS_KEY_FILE as string,
          }
        : undefined,
    },
    mongo: { url: v.MONGO_URL as string, db: v.MONGO_DB as string, timeoutMs: parseDuration(v.STORE_TIMEOUT) },
    kafka: {
      brokers: (v.KAFKA_BROKERS as string).split(','),
      clientId: v.KAFKA_CLIENT_ID as string,
      topicPrefix: v.KAFKA_TOPIC_PREFIX as string,
      partitions: v.KAFKA_PARTITIONS as number,
      topicsMode: v.KAFKA_TOPICS as 'create' | 'check',
      ...kafkaSecurity(v),
    },
    outbox: {
      sweepIntervalMs: parseDuration(v.OUTBOX_SWEEP_INTERVAL),
      sweepGraceMs: parseDuration(v.OUTBOX_SWEEP_GRACE),
      fullSweepIntervalMs: parseDuration(v.OUTBOX_FULL_SWEEP_INTERVAL),
    },
    sandbox: v.SANDBOX as boolean,
    maintenance: v.MAINTENANCE as boolean,
    secrets: {
      ...(v.MASTER_KEY_FILE ? { masterKeyFile: v.MASTER_KEY_FILE as string } : {}),
      previousKeyFiles: (v.MASTER_KEY_PREVIOUS_FILES as string)
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
      developmentKeyFile: join((v.PF_CACHE as string | undefined) ?? join(homedir(), '.cache', 'partner-financing'), 'dev-master-key'),
    },
    shutdownDelayMs: parseDuration(v.SHUTDOWN_DELAY),
    currencies: (v.CURRENCIES as string).split(','),
    applicationTtlMs: parseDuration(v.APPLICATION_TTL),
    recurrenceValidityMs: parseDuration(v.RECURRENCE_VALIDITY),
    gatewayTokenTtlMs: parseDuration(v.GATEWAY_TOKEN_TTL),
    duplicateWindowMs: parseDuration(v.DUPLICATE_WINDOW),
    idempotency: {
      ttlMs: parseDuration(v.IDEMPOTENCY_TTL),
      leaseMs: parseDuration(v.IDEMPOTENCY_LEASE),
      crashAfterWrite: !production && (v.IDEMPOTENCY_TEST_CRASH_AFTER_WRITE as boolean),
    },
    expirySweepIntervalMs: parseDuration(v.EXPIRY_SWEEP_INTERVAL),
    expiryFullSweepIntervalMs: parseDuration(v.EXPIRY_FULL_SWEEP_INTERVAL),
    eventFeed: { retentionMs: parseDuration(v.EVENT_FEED_RETENTION) },
    webhooks: {
      retryDelaysMs: parseDurationList(v.WEBHOOK_RETRY_DELAYS),
      timeoutMs: parseDuration(v.WEBHOOK_TIMEOUT),
      concurrencyPerEndpoint: v.WEBHOOK_CONCURRENCY_PER_ENDPOINT as number,
      maxQueuedPerEndpoint: v.WEBHOOK_MAX_QUEUED_PER_ENDPOINT as number,
      allowPrivateNetworks: (v.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? !production) as boolean,
    },
    rateLimitPerMinute: v.RATE_LIMIT_PER_MINUTE as number,
    auth: {
      loginMaxFailuresPerPair: v.LOGIN_MAX_FAILURES_PER_USERNAME_CLIENT as number,
      loginMaxFailuresPerUsername: v.LOGIN_MAX_FAILURES_PER_USERNAME as number,
      loginMaxFailuresPerClient: v.LOGIN_MAX_FAILURES_PER_CLIENT as number,
      loginThrottleWindowMs: parseDuration(v.LOGIN_THROTTLE_WINDOW),
      cacheTtlMs: parseDuration(v.AUTH_CACHE_TTL),
    },
    portal: {
      sessionTtlMs: parseDuration(v.PORTAL_SESSION_TTL),
      setupLinkTtlMs: parseDuration(v.PORTAL_SETUP_LINK_TTL),
      endpointAlertAfterMs: parseDuration(v.PORTAL_ENDPOINT_ALERT_AFTER),
    },
    metrics: {
      host: v.METRICS_HOST as string,
      apiPort: v.API_METRICS_PORT as number,
      relayPort: v.RELAY_METRICS_PORT as number,
    },
    collection: { iban: v.COLLECTION_IBAN as string, name: v.BILLING_NAME as string },
    settlement: {
      cutoff: v.SETTLEMENT_CUTOFF as string,
      timeZone: v.SETTLEMENT_TIME_ZONE as string,
      crashAt: production ? undefined : (((v.SETTLEMENT_TEST_CRASH_AT as string) || undefined) as 'claimed' | 'written' | undefined),
      everyMs: production ? undefined : (v.SETTLEMENT_TEST_EVERY_MS as number) || undefined,
    },
    billing: {
      fullName: v.BILLING_NAME as string,
      accountNumber: v.BILLING_ACCOUNT_NUMBER as string,
      bankCode: v.BILLING_BANK_CODE as string,
      address: {
        streetAddress: v.BILLING_STREET as string,
        streetNumber: v.BILLING_STREET_NUMBER as string,
        city: v.BILLING_CITY as string,
        zip: v.BILLING_ZIP as string,
        country: v.BILLING_COUNTRY as string,
      },
    },
    mail: mailConfig(v),
  };
}

export class ConfigError extends Error {}

/** Validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    const lines = error.details.map((d) => {
      const name = d.path.join('.') || d.context?.label;
      const why =
        d.type === 'any.required' && env.NODE_ENV === 'production' ? `${name} must be set in production (it has a default only for local runs)` : d.message;
      return `  ${name}: ${why}`;
    });
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  try {
    return shape(value);
  } catch (err) {
    // a secret file that cannot be read is a configuration error too, named like the others
    if (err instanceof SettingFileError) throw new ConfigError(`invalid configuration:\n  ${err.message}`);
    throw err;
  }
}

/** The variables, defaults and descriptions, for the README's configuration table. */
export function describeConfig(): Array<{ name: string; default?: unknown; description?: string }> {
  const d = schema.describe() as { keys: Record<string, any> };
  return Object.entries(d.keys).map(([name, k]) => {
    const meta = Object.assign({}, ...(k.metas ?? [])) as { localDefault?: unknown; productionDefault?: unknown; production?: string };
    let def = k.flags?.default;
    if (meta.localDefault !== undefined) {
      const inProduction = meta.production ?? (meta.productionDefault === undefined ? '' : String(meta.productionDefault));
      def = `${String(meta.localDefault)}` + (inProduction ? ` (production: ${inProduction})` : '');
    }
    return { name, default: def, description: k.flags?.description };
  });
}
