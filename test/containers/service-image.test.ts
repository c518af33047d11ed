/**
 * The service image, really built and run (`npm run test:containers` builds it first):
 * an API and a relay container against the local stack's Kafka and store on this host
 * (`--network host`: they listen on 127.0.0.1), each as the unprivileged user `node` with
 * a read-only root filesystem; a partner made with the image's `ops partners create`; the example
 * shop's purchase through the TypeScript client, with the webhooks delivered to this test;
 * a drain on SIGTERM; and `docker compose config` on docker-compose.yml.
 * Needs MONGO_URL and KAFKA_BROKERS (the runner takes them from infra/stack.sh).
 */
import { expect } from 'chai';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { createFinancingClient, MemorySeenStore } from '@partner-financing/client';
import { selfSignedTls } from '../../platform/http/tls.js';
import { freePort } from '../support/api-process.js';
import { cutoffFarFromNow } from '../support/config.js';
import { runStory } from '../../examples/shop/story.js';
import { WebhookInbox } from '../../examples/shop/webhook-inbox.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const IMAGE = process.env.PF_SERVICE_IMAGE ?? 'partner-financing:local';

function docker(
  args: string[],
  opts: { input?: string; timeoutMs?: number; cwd?: string; bin?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(opts.bin ?? 'docker', args, { cwd: opts.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout, stderr: err.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

async function must(args: string[], opts: Parameters<typeof docker>[1] = {}): Promise<string> {
  const res = await docker(args, opts);
  if (res.code !== 0) throw new Error(`docker ${args.join(' ')}: exit ${res.code}: ${res.stderr || res.stdout}`);
  return res.stdout.trim();
}

function has(cmd: string): Promise<boolean> {
  return new Promise((resolve) => execFile('sh', ['-c', `command -v ${cmd}`], (err) => resolve(!err)));
}

async function statusOf(url: string, ca?: string): Promise<number> {
  const { request } = url.startsWith('https') ? await import('node:https') : await import('node:http');
  return new Promise((resolve) => {
    const req = request(url, { ca, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function until(what: string, check: () => Promise<boolean>, maxMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < maxMs) {
    if (await check()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${maxMs / 1000} s`);
}

describe(`service image ${IMAGE}`, function () {
  this.timeout(120_000);
  const suffix = randomBytes(4).toString('hex');
  const names = { api: `pf-ct-api-${suffix}`, relay: `pf-ct-relay-${suffix}` };
  const db = `ct_${suffix}`;
  const prefix = `ct.${suffix}.`;
  let dir = '';
  let cert = '';
  let ports = { https: 0, http: 0, apiMetrics: 0, relayMetrics: 0 };
  let env: string[] = [];
  let partner: { username: string; password: string; webhookSecret: string };
  let inbox: WebhookInbox | undefined;

  before(async function () {
    if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) throw new Error('MONGO_URL and KAFKA_BROKERS must name the local stack (bash infra/stack.sh up)');
    const size = Number(await must(['image', 'inspect', '-f', '{{.Size}}', IMAGE]));
    console.log(`      image ${IMAGE}: ${(size / 1e6).toFixed(0)} MB`);

    // a certificate the test trusts, mounted read-only (the key readable by the container's user)
    const tls = await selfSignedTls();
    dir = await mkdtemp(join(tmpdir(), 'pf-ct-'));
    await chmod(dir, 0o755);
    await writeFile(join(dir, 'cert.pem'), tls.cert, { mode: 0o644 });
    await writeFile(join(dir, 'key.pem'), tls.key, { mode: 0o644 });
    // the master key that seals secrets at rest: production refuses to start without one
    await writeFile(join(dir, 'master.key'), `${randomBytes(32).toString('base64')}\n`, { mode: 0o644 });
    cert = tls.cert;
    ports = { https: await freePort(), http: await freePort(), apiMetrics: await freePort(), relayMetrics: await freePort() };
    env = Object.entries({
      MONGO_URL: process.env.MONGO_URL,
      MONGO_DB: db,
      KAFKA_BROKERS: process.env.KAFKA_BROKERS,
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_PARTITIONS: '2',
      // host network: listen on this host's loopback only
      BIND_HOST: '127.0.0.1',
      METRICS_HOST: '127.0.0.1',
      HTTPS_PORT: String(ports.https),
      HTTP_PORT: String(ports.http),
      API_METRICS_PORT: String(ports.apiMetrics),
      RELAY_METRICS_PORT: String(ports.relayMetrics),
      PUBLIC_BASE_URL: `https://localhost:${ports.https}`,
      TLS_CERT_FILE: '/tls/cert.pem',
      TLS_KEY_FILE: '/tls/key.pem',
      MASTER_KEY_FILE: '/tls/master.key',
      // the sandbox decision helper and a webhook receiver on this host's loopback
      SANDBOX: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_DELAYS: '1s,2s,5s',
      OUTBOX_SWEEP_INTERVAL: '500ms',
      OUTBOX_SWEEP_GRACE: '300ms',
      LOG_LEVEL: 'info',
      // no real cut-off inside the run: the story closes its day in the sandbox
      SETTLEMENT_CUTOFF: cutoffFarFromNow(),
      BILLING_NAME: 'Container Test s.r.o.',
      BILLING_ACCOUNT_NUMBER: '2000145399',
      BILLING_BANK_CODE: '2010',
      BILLING_STREET: 'Na Florenci',
      BILLING_STREET_NUMBER: '2116/15',
      BILLING_CITY: 'Praha',
      BILLING_ZIP: '11000',
      BILLING_COUNTRY: 'CZ',
      COLLECTION_IBAN: 'CZ9320100000002000145399',
    }).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    const runFlags = ['--network', 'host', '--read-only', '--tmpfs', '/tmp:size=16m', '-v', `${dir}:/tls:ro`];

    // production order: the migration step first (the chart's Job, compose's migrate service);
    // the services in the image only check (MIGRATIONS=check) and stay NOT_READY without it
    const migrated = JSON.parse(await must(['run', '--rm', ...runFlags, ...env, IMAGE, 'ops', 'migrate', 'apply']));
    expect(migrated.applied).to.include('applications-0001-indexes');

    // the operators' program from the image makes the partner
    const username = `shop-${suffix}`;
    const password = randomBytes(12).toString('base64url');
    const created = JSON.parse(
      await must(
        [
          'run',
          '--rm',
          '-i',
          ...runFlags,
          ...env,
          IMAGE,
          'ops',
          'partners',
          'create',
          '--username',
          username,
          '--password-stdin',
          '--payout-trigger',
          'DELIVERED',
        ],
        { input: `${password}\n` },
      ),
    );
    partner = { username, password, webhookSecret: created.webhookSecret };

    const t0 = Date.now();
    await must(['run', '-d', '--name', names.api, ...runFlags, ...env, IMAGE, 'api']);
    await must(['run', '-d', '--name', names.relay, ...runFlags, ...env, IMAGE, 'relay']);
    await until('the API container answers /v1/health', async () => (await statusOf(`https://localhost:${ports.https}/v1/health`, cert)) === 200, 60_000).catch(
      async (err) => {
        throw new Error(`${err.message}\n${(await docker(['logs', '--tail', '30', names.api])).stderr}`);
      },
    );
    console.log(`      API container healthy ${((Date.now() - t0) / 1000).toFixed(1)} s after docker run (compiled JavaScript)`);
    await until('the relay container answers /metrics', async () => (await statusOf(`http://127.0.0.1:${ports.relayMetrics}/metrics`)) === 200, 60_000);
  });

  after(async () => {
    await inbox?.close();
    await docker(['rm', '-f', names.api, names.relay]);
    if (dir) await rm(dir, { recursive: true, force: true });
    if (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS) return;
    const client = new MongoClient(process.env.MONGO_URL, { retryWrites: false });
    try {
      await client.connect();
      await client.db(db).dropDatabase();
    } catch {
      /* best effort */
    } finally {
      await client.close();
    }
    const admin = new Kafka({ clientId: 'ct-cleanup', brokers: process.env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
    try {
      await admin.connect();
      const mine = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
      if (mine.length) await admin.deleteTopics({ topics: mine, timeout: 10_000 });
    } catch {
      /* best effort */
    } finally {
      await admin.disconnect();
    }
  });

  it('runs as the unprivileged user node, on a read-only root filesystem', async () => {
    for (const name of [names.api, names.relay]) {
      expect(await must(['inspect', '-f', '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}}', name])).to.equal('node true');
      expect(await must(['exec', name, 'id', '-u'])).to.equal('1000');
      const write = await docker(['exec', name, 'sh', '-c', 'touch /app/api/main.js']);
      expect(write.code, 'the service cannot change its own code').to.not.equal(0);
    }
    expect(await must(['exec', names.api, 'sh', '-c', 'test -f api/main.js && ! test -e api/main.ts && echo compiled'])).to.equal('compiled');
  });

  it('answers health on HTTPS and redirects plain HTTP; the relay answers its metrics', async () => {
    expect(await statusOf(`https://localhost:${ports.https}/v1/health`, cert)).to.equal(200);
    expect(await statusOf(`http://127.0.0.1:${ports.http}/v1/health`)).to.equal(308);
    expect(await statusOf(`http://127.0.0.1:${ports.relayMetrics}/metrics`)).to.equal(200);
  });

  it('takes a purchase through the TypeScript client, with every webhook delivered to the shop', async () => {
    inbox = new WebhookInbox(partner.webhookSecret, new MemorySeenStore());
    const endpoint = await inbox.listen();
    const api = createFinancingClient({ baseUrl: `https://localhost:${ports.https}`, username: partner.username, password: partner.password, ca: cert });
    const story: string[] = [];
    await runStory(api, inbox, endpoint, (line) => story.push(line));
    for (const line of story) console.log(`        ${line}`);
    expect(
      story.some((line) => /^7\. event feed/.test(line)),
      'the event feed step',
    ).to.equal(true);
    // the story ends with the day's settlement reconciled against the payments seen by webhook
    expect(story.at(-1)).to.match(/^9\. reconciled/);
    expect(inbox.refused).to.equal(0);
  });

  it('drains on SIGTERM: docker stop ends both containers with exit code 0', async () => {
    const t0 = Date.now();
    await must(['stop', '-t', '30', names.api, names.relay], { timeoutMs: 45_000 });
    const took = Date.now() - t0;
    for (const name of [names.api, names.relay]) {
      expect(await must(['inspect', '-f', '{{.State.ExitCode}}', name]), `${name} exit code`).to.equal('0');
      const logs = await docker(['logs', '--tail', '5', name]);
      expect(logs.stdout + logs.stderr, `${name} logs its drain`).to.contain('drained; bye');
    }
    console.log(`      both drained and exited 0 in ${(took / 1000).toFixed(1)} s`);
  });

  it('docker compose accepts docker-compose.yml (config check; its images are not pulled here)', async function () {
    // the master key file the compose file mounts as a secret, as its comment tells an operator to make it
    const keyFile = join(ROOT, '.secrets', 'master.key');
    if (!existsSync(keyFile)) {
      await mkdir(dirname(keyFile), { recursive: true });
      await writeFile(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    }
    let res;
    if ((await docker(['compose', 'version'])).code === 0) res = await docker(['compose', '-f', 'docker-compose.yml', 'config', '-q']);
    else if (await has('docker-compose')) res = await docker(['-f', 'docker-compose.yml', 'config', '-q'], { bin: 'docker-compose' });
    else return this.skip();
    expect(res.code, res.stderr).to.equal(0);
  });
});
