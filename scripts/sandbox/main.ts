/**
 * The all-in-one sandbox (Dockerfile.sandbox): process 1 of the container. Starts the local
 * MongoDB-wire store (mongo-java-server) and a single-node KRaft Kafka on the container's
 * loopback, provisions the partner with the partners CLI, then runs the API and the relay
 * with SANDBOX=true, and prints `[sandbox] ready in N s` with the credentials once the API
 * answers its health check and the relay its metrics. SIGTERM (docker stop) drains the API
 * and the relay first, then stops Kafka and the store. Any process that dies stops the rest
 * and the container exits 1.
 *
 * `main.js --prepare` (a step of the image build) does the same without a partner, then
 * stops cleanly: the image keeps Kafka's topics and the store's collections and indexes,
 * and a class-data-sharing archive of each JVM's classes, so a container starts warm.
 *
 * Everything is configured by environment variables (docs/containers.md, "Sandbox image"):
 * SANDBOX_PARTNER_USERNAME / _PASSWORD / SANDBOX_PAYOUT_TRIGGER / SANDBOX_FEE_BPS for the
 * partner, PUBLIC_BASE_URL, SANDBOX_TLS_HOSTNAMES, and any of the service's own variables.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import selfsigned from 'selfsigned';

const APP = fileURLToPath(new URL('../..', import.meta.url));
const env = process.env;
const DATA = env.SANDBOX_DATA ?? '/var/lib/sandbox';
const JAVA = env.SANDBOX_JAVA ?? '/opt/java/bin/java';
const KAFKA_HOME = env.SANDBOX_KAFKA_HOME ?? '/opt/kafka';
const MONGO_HOME = env.SANDBOX_MONGO_HOME ?? '/opt/mongo-wire';
const LOGS = join(DATA, 'logs');
const MONGO_PORT = 27017;
const KAFKA_PORT = 9092;
const MONGO_URL = `mongodb://127.0.0.1:${MONGO_PORT}/?directConnection=true&retryWrites=false`;
const CDS = join(DATA, 'cds');
const PREPARE = process.argv.includes('--prepare');
const START_TIMEOUT_MS = Number(env.SANDBOX_START_TIMEOUT_SECONDS ?? 120) * 1000;
const t0 = Date.now();

const say = (msg: string) => process.stdout.write(`[sandbox] ${msg}\n`);
const elapsed = () => ((Date.now() - t0) / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  name: string;
  child: ChildProcess;
  log?: string;
  exited: Promise<number | null>;
}
const procs: Proc[] = [];
let stopping = false;

function start(name: string, cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; log?: string }): Proc {
  const out = opts.log ? createWriteStream(opts.log, { flags: 'a' }) : undefined;
  const child = spawn(cmd, args, { cwd: APP, env: opts.env ?? env, stdio: ['ignore', out ? 'pipe' : 'inherit', out ? 'pipe' : 'inherit'] });
  if (out) {
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.once('error', (err) => {
      say(`${name}: ${err.message}`);
      resolve(127);
    });
  });
  const p: Proc = { name, child, log: opts.log, exited };
  procs.push(p);
  void exited.then((code) => {
    if (stopping) return;
    say(`${name} exited (code ${code}) ${p.log ? `; last lines of ${p.log}:` : ''}`);
    void (p.log ? tail(p.log) : Promise.resolve('')).then((t) => {
      if (t) process.stdout.write(t);
      return shutdown(1);
    });
  });
  return p;
}

async function tail(file: string, lines = 25): Promise<string> {
  try {
    return `${(await readFile(file, 'utf8')).split('\n').slice(-lines).join('\n')}\n`;
  } catch {
    return '';
  }
}

async function stopProcs(names: string[], graceMs: number): Promise<void> {
  const targets = procs.filter((p) => names.includes(p.name) && p.child.exitCode === null && p.child.signalCode === null);
  for (const p of targets) p.child.kill('SIGTERM');
  await Promise.all(
    targets.map(async (p) => {
      const done = await Promise.race([p.exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!done) {
        say(`${p.name} did not stop within ${graceMs / 1000} s: SIGKILL`);
        p.child.kill('SIGKILL');
        await p.exited;
      }
    }),
  );
}

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    const t = Date.now();
    say('stopping: the API and the relay drain first, then Kafka and the store');
    await stopProcs(['api', 'relay'], 20_000);
    await stopProcs(['kafka', 'mongo'], 15_000);
    say(`stopped in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  process.exit(code);
}

process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));

// ------------------------------------------------------------------ readiness probes
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

async function until(what: string, probe: () => Promise<string | null>, interval = 100): Promise<void> {
  let last = 'not probed yet';
  while (Date.now() - t0 < START_TIMEOUT_MS) {
    if (stopping) await new Promise(() => {});
    const problem = await probe().catch((e: Error) => `${e.name}: ${e.message}`);
    if (problem === null) return;
    last = problem;
    await sleep(interval);
  }
  say(`${what} did not answer within ${START_TIMEOUT_MS / 1000} s: ${last}`);
  await shutdown(1);
}

async function mongoAnswers(): Promise<string | null> {
  if (!(await portOpen(MONGO_PORT))) return 'port not open yet';
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(MONGO_URL, { serverSelectionTimeoutMS: 2000, connectTimeoutMS: 1000 });
  try {
    await client.connect();
    return (await client.db('admin').command({ ping: 1 })).ok === 1 ? null : 'ping failed';
  } finally {
    await client.close().catch(() => {});
  }
}

// The broker and controller are known, and the group coordinator answers (this creates
// __consumer_offsets now, so the service's first consumer groups do not wait for it).
async function kafkaAnswers(): Promise<string | null> {
  if (!(await portOpen(KAFKA_PORT))) return 'port not open yet';
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({
    clientId: 'sandbox-readiness',
    brokers: [`127.0.0.1:${KAFKA_PORT}`],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    requestTimeout: 5000,
    retry: { retries: 1, initialRetryTime: 100, maxRetryTime: 500 },
  }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (!cluster.brokers.length || cluster.controller == null) return 'no broker or controller yet';
    await admin.describeGroups(['sandbox-readiness']);
    return null;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

// ------------------------------------------------------------------ configuration
/**
 * The sandbox's master key for secrets at rest (production refuses to start without one):
 * made once in its data directory, so the secrets it sealed open at every start. A sandbox
 * is never production; its key lives beside the data it protects.
 */
function sandboxMasterKey(): string {
  const file = join(DATA, 'master.key');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  return file;
}

/** The service's own variables the sandbox sets unless the container was given them. */
function serviceEnv(tls: { cert: string; key: string }): NodeJS.ProcessEnv {
  const defaults: Record<string, string> = {
    NODE_ENV: 'production',
    SANDBOX: 'true',
    // one container, no migration Job: its services apply the store's migrations at start
    MIGRATIONS: 'apply',
    // the partner's test webhooks go to its own machine (host.docker.internal, a bridge
    // gateway, another container): private targets are the point here
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // a partner's test suite should not wait minutes for a retry
    WEBHOOK_RETRY_DELAYS: '2s,5s,10s,30s,1m',
    WEBHOOK_TIMEOUT: '5s',
    KAFKA_PARTITIONS: '1',
    MONGO_URL,
    MONGO_DB: 'partner_financing',
    KAFKA_BROKERS: `127.0.0.1:${KAFKA_PORT}`,
    BIND_HOST: '0.0.0.0',
    METRICS_HOST: '127.0.0.1',
    HTTPS_PORT: '8443',
    HTTP_PORT: '8080',
    PUBLIC_BASE_URL: 'https://localhost:8443',
    TLS_CERT_FILE: tls.cert,
    TLS_KEY_FILE: tls.key,
    MASTER_KEY_FILE: env.MASTER_KEY_FILE || sandboxMasterKey(),
    LOG_LEVEL: 'warn',
    // production has no billing defaults; a sandbox's invoices name a demo company
    BILLING_NAME: 'Sandbox Financing s.r.o.',
    BILLING_ACCOUNT_NUMBER: '2000145399',
    BILLING_BANK_CODE: '2010',
    BILLING_STREET: 'Na Florenci',
    BILLING_STREET_NUMBER: '2116/15',
    BILLING_CITY: 'Praha',
    BILLING_ZIP: '11000',
    BILLING_COUNTRY: 'CZ',
    COLLECTION_IBAN: 'CZ9320100000002000145399',
  };
  const out: NodeJS.ProcessEnv = { ...env };
  for (const [k, v] of Object.entries(defaults)) if (out[k] === undefined || out[k] === '') out[k] = v;
  return out;
}

/** A certificate for the API, made per container unless TLS_CERT_FILE/TLS_KEY_FILE are given. */
async function tlsFiles(): Promise<{ cert: string; key: string }> {
  if (env.TLS_CERT_FILE && env.TLS_KEY_FILE) return { cert: env.TLS_CERT_FILE, key: env.TLS_KEY_FILE };
  const dir = PREPARE ? '/tmp/sandbox-prepare-tls' : join(DATA, 'tls');
  const files = { cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
  if (existsSync(files.cert) && existsSync(files.key)) return files;
  const names = [
    'localhost',
    'host.docker.internal',
    ...(env.SANDBOX_TLS_HOSTNAMES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
  try {
    names.push(new URL(env.PUBLIC_BASE_URL ?? 'https://localhost').hostname);
  } catch {
    /* the API reports a bad URL */
  }
  const dns = [...new Set(names.filter((n) => !net.isIP(n)))];
  const ips = [...new Set(['127.0.0.1', '::1', ...names.filter((n) => net.isIP(n))])];
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'partner-financing-sandbox' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [...dns.map((value) => ({ type: 2, value })), ...ips.map((ip) => ({ type: 7, ip }))] },
    ],
  } as any);
  await mkdir(dir, { recursive: true });
  await writeFile(files.cert, pems.cert);
  await writeFile(files.key, pems.private, { mode: 0o600 });
  return files;
}

interface Partner {
  id: string;
  username: string;
  password: string;
  webhookSecret: string;
  payoutTrigger: string;
  feeBps: number;
}

/** The partner, made with `ops partners create` (kept in DATA across a restart of the container). */
async function provisionPartner(serviceVars: NodeJS.ProcessEnv): Promise<Partner> {
  const file = join(DATA, 'partner.json');
  const username = env.SANDBOX_PARTNER_USERNAME || 'sandbox-shop';
  if (existsSync(file)) {
    const kept = JSON.parse(await readFile(file, 'utf8')) as Partner;
    if (kept.username === username) return kept;
  }
  const password = env.SANDBOX_PARTNER_PASSWORD || randomBytes(18).toString('base64url');
  const args = [
    'ops/main.js',
    'partners',
    'create',
    '--username',
    username,
    '--password-stdin',
    '--payout-trigger',
    env.SANDBOX_PAYOUT_TRIGGER || 'DELIVERED',
    '--fee-bps',
    env.SANDBOX_FEE_BPS || '0',
  ];
  const cli = spawn(process.execPath, args, { cwd: APP, env: { ...serviceVars, LOG_LEVEL: 'warn' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  cli.stdout.on('data', (d) => {
    out += d;
  });
  cli.stderr.on('data', (d) => {
    err += d;
  });
  cli.stdin.end(`${password}\n`);
  const code = await new Promise<number | null>((resolve) => cli.once('close', resolve));
  if (code !== 0) {
    say(`ops partners create refused the partner (exit ${code}): ${err.trim()}`);
    return shutdown(1);
  }
  const view = JSON.parse(out) as Omit<Partner, 'password'>;
  const partner: Partner = { ...view, password };
  await writeFile(file, JSON.stringify(partner, null, 2), { mode: 0o600 });
  return partner;
}

/**
 * JVM flags for class-data sharing: the prepare run writes an archive of the classes a
 * start loads (at its clean exit); a container maps it instead of loading them anew.
 */
function cdsFlags(name: string): string[] {
  const archive = join(CDS, `${name}.jsa`);
  if (PREPARE) return [`-XX:ArchiveClassesAtExit=${archive}`];
  return existsSync(archive) ? [`-XX:SharedArchiveFile=${archive}`] : [];
}

// ------------------------------------------------------------------ start
async function main(): Promise<void> {
  await mkdir(LOGS, { recursive: true });
  await mkdir(CDS, { recursive: true });
  say('starting the MongoDB-wire store and Kafka');
  start(
    'mongo',
    JAVA,
    [
      '-Xms32m',
      '-Xmx256m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-XX:+ExitOnOutOfMemoryError',
      '-Djava.awt.headless=true',
      ...cdsFlags('mongo'),
      '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
      '-Dorg.slf4j.simpleLogger.showDateTime=true',
      '-cp',
      `${MONGO_HOME}/lib/*`,
      'MongoWireServer',
      join(DATA, 'mongo', 'db.mv'),
      '127.0.0.1',
      String(MONGO_PORT),
    ],
    { log: join(LOGS, 'mongo.log') },
  );
  start(
    'kafka',
    JAVA,
    [
      '-Xms128m',
      '-Xmx384m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-XX:+ExitOnOutOfMemoryError',
      '-Djava.awt.headless=true',
      ...cdsFlags('kafka'),
      `-Dlog4j.configuration=file:${KAFKA_HOME}/config/log4j.properties`,
      '-cp',
      `${KAFKA_HOME}/lib/*`,
      'kafka.Kafka',
      `${KAFKA_HOME}/config/kafka.properties`,
    ],
    { log: join(LOGS, 'kafka.out') },
  );

  const tlsPromise = tlsFiles();
  await until('the MongoDB-wire store', mongoAnswers);
  say(`store ready after ${elapsed()} s`);
  const tls = await tlsPromise;
  const vars = serviceEnv(tls);
  const partnerPromise = PREPARE ? undefined : provisionPartner(vars);
  await until('Kafka', kafkaAnswers);
  say(`Kafka ready after ${elapsed()} s`);

  start('api', process.execPath, ['--max-semi-space-size=32', 'api/main.js'], { env: vars });
  start('relay', process.execPath, ['--max-semi-space-size=32', 'relay/main.js'], { env: vars });
  await until('the API', async () => ((await httpStatus(`https://127.0.0.1:${vars.HTTPS_PORT}/v1/health`)) === 200 ? null : 'health not 200 yet'));
  await until('the relay', async () =>
    (await httpStatus(`http://127.0.0.1:${vars.RELAY_METRICS_PORT ?? 9465}/metrics`)) === 200 ? null : 'metrics not answering yet',
  );
  if (!partnerPromise) {
    say(`prepared in ${elapsed()} s: stopping`);
    return shutdown(0);
  }
  const partner = await partnerPromise;

  const facts = {
    baseUrl: vars.PUBLIC_BASE_URL,
    partnerId: partner.id,
    username: partner.username,
    password: partner.password,
    webhookSecret: partner.webhookSecret,
    payoutTrigger: partner.payoutTrigger,
    feeBps: partner.feeBps,
    caCertificateFile: tls.cert,
  };
  await writeFile(join(DATA, 'sandbox.json'), JSON.stringify(facts, null, 2), { mode: 0o600 });
  say(`partner ${facts.username} (id ${facts.partnerId}): password ${facts.password}, webhook secret ${facts.webhookSecret}`);
  say(`CA certificate of the API: ${tls.cert}; everything above as JSON: ${join(DATA, 'sandbox.json')}`);
  say(`ready in ${elapsed()} s: ${facts.baseUrl} (SANDBOX on; webhooks may target private networks)`);
}

main().catch(async (err) => {
  say(`failed to start: ${err?.stack ?? err}`);
  await shutdown(1);
});
