import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Relay } from '../../relay/create-relay.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner } from '../support/partners.js';
import { startTestRelay } from '../relay/support/relay.js';
import { publishedDocumentPath } from './published-document.js';

/**
 * A shop whose Java SDK was generated from the published partner API document (OpenAPI 3.0,
 * version 1.0; openapi-generator, okhttp-gson) lives a whole purchase against the service,
 * pinned to API version 2023-06-26 (the partner's pin, and the `Api-Version` header on
 * every request): clients/published-sdk's
 * Journey, built with Maven (once per change of its sources or of the document) and run
 * with plain java against an in-process API and relay. Every step must pass.
 *
 *   PF_PUBLISHED_OPENAPI=/path/to/the/published.yaml npm run test:published-sdk
 *
 * Not named *.spec.ts: it stays out of `npm test` until the service passes it.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROJECT = path.join(ROOT, 'clients', 'published-sdk');
const TARGET = path.join(PROJECT, 'target');
const STAMP = path.join(TARGET, 'journey-build.sha256');
const BUILD_BOUND_MS = 15 * 60_000;
const RUN_BOUND_MS = 4 * 60_000;
/** The version that answers in the published document's shapes (the Journey also sends it as Api-Version). */
const PUBLISHED_VERSION = '2023-06-26';

/** Every file under `dir`, sorted, for the build's fingerprint. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  }).sort();
}

/** What the build depends on: the pom, the Journey's sources and the document. */
function fingerprint(document: string): string {
  const h = createHash('sha256');
  for (const f of [path.join(PROJECT, 'pom.xml'), ...filesUnder(path.join(PROJECT, 'src')), document]) {
    h.update(path.relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  }
  return h.digest('hex');
}

/** Builds the Maven project unless a build of the same inputs is in target/; returns the java classpath. */
export async function ensureJourneyBuilt(document: string, log: (line: string) => void = () => {}): Promise<string> {
  const want = fingerprint(document);
  const classpathFile = path.join(TARGET, 'classpath.txt');
  const classes = path.join(TARGET, 'classes');
  const built = existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === want
    && existsSync(classpathFile) && existsSync(path.join(classes, 'partnerfinancing', 'published', 'Journey.class'));
  if (!built) {
    const started = Date.now();
    log(`building clients/published-sdk (mvn package: the SDK generated from ${document}, and the Journey)`);
    // not spawnSync: the event loop keeps serving while Maven works
    const code = await new Promise<number | string>((resolve, reject) => {
      const child = spawn('mvn', ['-q', '-B', 'package', `-Dpublished.openapi=${document}`], { cwd: PROJECT, stdio: ['ignore', 'inherit', 'inherit'] });
      const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_BOUND_MS);
      child.on('error', reject);
      child.on('close', (c, signal) => { clearTimeout(timer); resolve(c ?? String(signal)); });
    });
    if (code !== 0) throw new Error(`mvn package in clients/published-sdk failed (exit ${code})`);
    writeFileSync(STAMP, `${want}\n`);
    log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    log(`clients/published-sdk is already built for these sources and this document (${path.relative(ROOT, STAMP)})`);
  }
  return [classes, readFileSync(classpathFile, 'utf8').trim()].join(path.delimiter);
}

interface Run { code: number | null; output: string }

/** The Journey as its own java process, its lines streamed as they come, killed past RUN_BOUND_MS. */
function runJourney(classpath: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-cp', classpath, 'partnerfinancing.published.Journey'], {
      cwd: PROJECT, env: { PATH: process.env.PATH ?? '', ...(process.env.JAVA_HOME ? { JAVA_HOME: process.env.JAVA_HOME } : {}), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      process.stdout.write(d.toString().replace(/^(?=.)/gm, '      [journey] '));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_BOUND_MS);
    child.on('error', reject);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}

describe('a shop on the SDK generated from the published document (okhttp-gson, Api-Version 2023-06-26)', function () {
  this.timeout(BUILD_BOUND_MS + RUN_BOUND_MS + 120_000);
  let document: string;
  let t: TestApi | undefined;
  let relay: Relay | undefined;
  let dir: string | undefined;
  let classpath: string;

  before(async function () {
    // the published document is not ours to copy: CI names its reference copy; elsewhere
    // without it there is nothing to generate the SDK from
    if (!process.env.PF_PUBLISHED_OPENAPI && process.env.CI !== 'true') this.skip();
    document = publishedDocumentPath();
    statSync(document);
    // first, so that no API waits (and no Kafka consumer idles) through a first build
    classpath = await ensureJourneyBuilt(document, (line) => process.stdout.write(`      ${line}\n`));
    t = await startTestApi({ SANDBOX: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
    relay = await startTestRelay(t.config);
    dir = await mkdtemp(path.join(tmpdir(), 'published-sdk-'));
  });

  after(async () => {
    await relay?.stop();
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when it lives a whole purchase through the SDK, then every step passes', async () => {
    // pinned as the partners CLI's --api-version pins: the webhooks have no header to ask with
    const partner = await provisionPartner(t!, { apiVersion: PUBLISHED_VERSION });
    const caFile = path.join(dir!, 'service-ca.pem');
    await writeFile(caFile, t!.api.tls.cert);
    const run = await runJourney(classpath, {
      PF_BASE_URL: t!.baseUrl,
      PF_CA_FILE: caFile,
      PF_USERNAME: partner.username,
      PF_PASSWORD: partner.password,
    });
    const summary = /^(\d+) passed, (\d+) failed$/m.exec(run.output);
    const failures = run.output.split('\n').filter((l) => l.startsWith('FAIL ')).join('\n');
    expect(summary, `the Journey printed no summary line (exit ${run.code}):\n${run.output}`).to.not.equal(null);
    expect(Number(summary![2]), `${summary![0]}:\n${failures}`).to.equal(0);
    expect(run.code, run.output).to.equal(0);
  });
});
