#!/usr/bin/env node
// Readiness helper for infra/stack.sh. Plain ESM (no build step); uses the project's own
// kafkajs and mongodb drivers from node_modules, so readiness means "the driver the
// service uses can talk to it", not "a port is open" or "a log line appeared".
//
//   node infra/wait-ready.mjs ports N
//       print N distinct free TCP ports on 127.0.0.1, one per line
//   node infra/wait-ready.mjs wait  [--kafka H:P [--kafka-count N]] [--mongo URL] [--pid NAME=PID ...] [--timeout S]
//       wait until each given service really answers; progress on stderr; exit 0 when all
//       answer, 1 on timeout, 2 when a watched process died first
//   node infra/wait-ready.mjs check [--kafka H:P] [--mongo URL] [--timeout S]
//       one quick quiet probe (default 8 s): exit 0 when all answer, 1 otherwise
import net from 'node:net';

const [, , mode, ...rest] = process.argv;

function parseArgs(argv) {
  const out = { pids: [], timeout: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--kafka') { out.kafka = v; i++; }
    else if (a === '--kafka-count') { out.kafkaCount = Number(v); i++; }
    else if (a === '--mongo') { out.mongo = v; i++; }
    else if (a === '--timeout') { out.timeout = Number(v); i++; }
    else if (a === '--pid') { const [name, pid] = v.split('='); out.pids.push({ name, pid: Number(pid) }); i++; }
    else { console.error(`wait-ready: unknown argument ${a}`); process.exit(64); }
  }
  return out;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (msg) => process.stderr.write(`[stack] ${msg}\n`);

function alive(pid) {
  try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
}

function portOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok) => { s.destroy(); resolve(ok); };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const srv = net.createServer();
      await new Promise((res, rej) => { srv.once('error', rej); srv.listen(0, '127.0.0.1', res); });
      servers.push(srv);
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

async function loadDriver(name) {
  try { return await import(name); } catch (e) {
    log(`cannot load the '${name}' driver (${e.code ?? e.message}); run 'npm ci' in the repository first`);
    process.exit(70);
  }
}

// One Kafka probe: metadata through the admin client; in `deep` mode also a topic
// create/delete round trip and a group-coordinator lookup (creates __consumer_offsets,
// so the first consumer group of a test run does not wait for it).
async function probeKafka(broker, deep, count = 1) {
  const [host, port] = [broker.slice(0, broker.lastIndexOf(':')), Number(broker.slice(broker.lastIndexOf(':') + 1))];
  if (!(await portOpen(host, port))) return 'port not open yet';
  const { Kafka, logLevel } = await loadDriver('kafkajs');
  const kafka = new Kafka({
    clientId: 'pf-stack-readiness',
    brokers: [broker],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 2000,
    requestTimeout: 5000,
    retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 1000 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (!cluster.brokers?.length || cluster.controller == null) return 'no broker/controller in metadata yet';
    if (cluster.brokers.length < count) return `${cluster.brokers.length} of ${count} brokers registered`;
    if (deep) {
      const topic = '_pf_readiness_probe';
      await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }], waitForLeaders: true, timeout: 10000 });
      const md = await admin.fetchTopicMetadata({ topics: [topic] });
      if (!md.topics[0]?.partitions?.every((p) => p.leader >= 0)) return 'probe topic has no leader yet';
      await admin.deleteTopics({ topics: [topic], timeout: 10000 });
      await admin.describeGroups(['_pf_readiness_probe_group']);
    } else {
      await admin.listTopics();
    }
    return null;
  } catch (e) {
    return `${e.name ?? 'Error'}: ${e.message}`;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function probeMongo(url) {
  const u = new URL(url);
  if (!(await portOpen(u.hostname, Number(u.port || 27017)))) return 'port not open yet';
  const { MongoClient } = await loadDriver('mongodb');
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000, connectTimeoutMS: 2000 });
  try {
    await client.connect();
    const res = await client.db('admin').command({ ping: 1 });
    return res.ok === 1 ? null : `ping answered ${JSON.stringify(res)}`;
  } catch (e) {
    return `${e.name ?? 'Error'}: ${e.message}`;
  } finally {
    await client.close().catch(() => {});
  }
}

async function waitAll(opts, quiet) {
  const timeoutMs = (opts.timeout ?? 90) * 1000;
  const started = Date.now();
  const targets = [];
  if (opts.mongo) targets.push({ name: 'mongo', probe: () => probeMongo(opts.mongo) });
  if (opts.kafka) targets.push({ name: 'kafka', probe: () => probeKafka(opts.kafka, !quiet, opts.kafkaCount) });
  const state = new Map(targets.map((t) => [t.name, { ready: false, last: 'not probed yet' }]));
  let lastReport = Date.now();
  let died = null;

  const watchdog = setInterval(() => {
    for (const { name, pid } of opts.pids) if (!alive(pid)) died ??= `${name} (pid ${pid}) exited during start-up`;
    if (!quiet && Date.now() - lastReport >= 5000) {
      lastReport = Date.now();
      const waiting = [...state].filter(([, s]) => !s.ready).map(([n, s]) => `${n}: ${s.last}`);
      if (waiting.length) log(`still waiting after ${Math.round((Date.now() - started) / 1000)}s: ${waiting.join('; ')}`);
    }
  }, 250);

  const results = await Promise.all(targets.map(async (t) => {
    const s = state.get(t.name);
    while (!died && Date.now() - started < timeoutMs) {
      const err = await t.probe();
      if (err === null) {
        s.ready = true;
        if (!quiet) log(`${t.name} ready after ${((Date.now() - started) / 1000).toFixed(1)}s`);
        return true;
      }
      s.last = err;
      await sleep(quiet ? 200 : 500);
    }
    return false;
  }));
  clearInterval(watchdog);

  if (results.every(Boolean)) return 0;
  if (died) { log(died); return 2; }
  if (!quiet) {
    for (const [n, s] of state) if (!s.ready) log(`${n} did not answer within ${timeoutMs / 1000}s: ${s.last}`);
  }
  return 1;
}

async function main() {
  switch (mode) {
    case 'ports': {
      const n = Number(rest[0] ?? 1);
      const ports = await freePorts(n);
      process.stdout.write(ports.join('\n') + '\n');
      return 0;
    }
    case 'wait':
      return waitAll(parseArgs(rest), false);
    case 'check': {
      const opts = parseArgs(rest);
      opts.timeout ??= 8;
      return waitAll(opts, true);
    }
    default:
      console.error('usage: wait-ready.mjs ports N | wait [...] | check [...]');
      return 64;
  }
}

// Exit explicitly: driver sockets or timers must not keep the helper alive.
main().then((code) => process.exit(code), (e) => { log(`wait-ready: ${e.stack ?? e}`); process.exit(1); });
