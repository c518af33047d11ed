import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
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
 * every request): clients/published-sdk's Journey, built with Maven once per generator
 * version (and again only when its sources or the document change) and run with plain java
 * against an in-process API and relay. Every step must pass, with each generator version a
 * published SDK was built with:
 *
 * - 6.6.0: the SDK shops were given (its models' @Generated date is 2023-06-26). Its models
 *   check a required string property with isJsonPrimitive() before any null check, so a
 *   `null` there throws: the pinned version's answers carry none (docs/api-versions.md);
 * - 7.25.0: what a shop generating it today gets.
 *
 *   PF_PUBLISHED_OPENAPI=/path/to/the/published.yaml npm run test:published-sdk
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROJECT = path.join(ROOT, 'clients', 'published-sdk');
const BUILD_BOUND_MS = 15 * 60_000;
const RUN_BOUND_MS = 4 * 60_000;
/** The version that answers in the published document's shapes (the Journey also sends it as Api-Version). */
const PUBLISHED_VERSION = '2023-06-26';
/** The generator versions the published SDKs were built with, and where each build is kept. */
export const GENERATORS = ['6.6.0', '7.25.0'] as const;
export type Generator = (typeof GENERATORS)[number];
/**
 * Builds live in the project's cache, not in target/, so that a fresh clone (CI) reuses the
 * build of the same inputs: one folder per generator version and fingerprint of the inputs.
 */
const CACHE = path.join(process.env.PF_CACHE ?? path.join(homedir(), '.cache', 'partner-financing'), 'published-sdk');
const targetOf = (generator: Generator, want: string) => path.join(CACHE, `generator-${generator}-${want.slice(0, 16)}`);

/** The builds of other inputs with this generator: each is some 15 MB. */
function pruneOtherBuilds(generator: Generator, keep: string): void {
  for (const e of existsSync(CACHE) ? readdirSync(CACHE) : []) {
    if (e.startsWith(`generator-${generator}-`) && path.join(CACHE, e) !== keep) rmSync(path.join(CACHE, e), { recursive: true, force: true });
  }
}

/** Every file under `dir`, sorted, for the build's fingerprint. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? filesUnder(p) : [p];
    })
    .sort();
}

/** What a build depends on: the generator version, the pom, the Journey's sources and the document. */
function fingerprint(document: string, generator: Generator): string {
  const h = createHash('sha256').update(generator).update('\0');
  for (const f of [path.join(PROJECT, 'pom.xml'), ...filesUnder(path.join(PROJECT, 'src')), document]) {
    h.update(path.relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  }
  return h.digest('hex');
}

/** Builds the Maven project with one generator version unless a build of the same inputs is kept; returns the java classpath. */
export async function ensureJourneyBuilt(document: string, generator: Generator, log: (line: string) => void = () => {}): Promise<string> {
  const want = fingerprint(document, generator);
  const target = targetOf(generator, want);
  const stamp = path.join(target, 'journey-build.sha256');
  const classpathFile = path.join(target, 'classpath.txt');
  const classes = path.join(target, 'classes');
  const built =
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === want &&
    existsSync(classpathFile) &&
    existsSync(path.join(classes, 'partnerfinancing', 'published', 'Journey.class'));
  if (!built) {
    const started = Date.now();
    log(`building clients/published-sdk with openapi-generator ${generator} (mvn package: the SDK generated from ${document}, and the Journey)`);
    const args = ['-q', '-B', 'package', `-Dpublished.openapi=${document}`, `-Dopenapi-generator.version=${generator}`, `-Djourney.build.dir=${target}`];
    // not spawnSync: the event loop keeps serving while Maven works
    const code = await new Promise<number | string>((resolve, reject) => {
      const child = spawn('mvn', args, { cwd: PROJECT, stdio: ['ignore', 'inherit', 'inherit'] });
      const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_BOUND_MS);
      child.on('error', reject);
      child.on('close', (c, signal) => {
        clearTimeout(timer);
        resolve(c ?? String(signal));
      });
    });
    if (code !== 0) throw new Error(`mvn package in clients/published-sdk with openapi-generator ${generator} failed (exit ${code})`);
    writeFileSync(stamp, `${want}\n`);
    pruneOtherBuilds(generator, target);
    log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    log(`clients/published-sdk is already built with openapi-generator ${generator} for these sources and this document (${stamp})`);
  }
  return [classes, readFileSync(classpathFile, 'utf8').trim()].join(path.delimiter);
}

interface Run {
  code: number | null;
  output: string;
}

/** The Journey as its own java process, its lines streamed as they come, killed past RUN_BOUND_MS. */
function runJourney(classpath: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-cp', classpath, 'partnerfinancing.published.Journey'], {
      cwd: PROJECT,
      env: { PATH: process.env.PATH ?? '', ...(process.env.JAVA_HOME ? { JAVA_HOME: process.env.JAVA_HOME } : {}), ...env },
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
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a shop on the SDK generated from the published document (okhttp-gson, Api-Version 2023-06-26)', function () {
  this.timeout(GENERATORS.length * BUILD_BOUND_MS + RUN_BOUND_MS + 120_000);
  let document: string;
  let t: TestApi | undefined;
  let relay: Relay | undefined;
  let dir: string | undefined;
  const classpaths = new Map<Generator, string>();

  before(async function () {
    // the published document is not ours to copy: CI names its reference copy; elsewhere
    // without it there is nothing to generate the SDK from
    if (!process.env.PF_PUBLISHED_OPENAPI && process.env.CI !== 'true') this.skip();
    document = publishedDocumentPath();
    statSync(document);
    // first, so that no API waits (and no Kafka consumer idles) through a first build
    for (const generator of GENERATORS) {
      classpaths.set(generator, await ensureJourneyBuilt(document, generator, (line) => process.stdout.write(`      ${line}\n`)));
    }
    t = await startTestApi({ SANDBOX: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
    relay = await startTestRelay(t.config);
    dir = await mkdtemp(path.join(tmpdir(), 'published-sdk-'));
  });

  after(async () => {
    await relay?.stop();
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const generator of GENERATORS) {
    it(`when it lives a whole purchase through the SDK of openapi-generator ${generator}, then every step passes and every notification parses`, async () => {
      // pinned as the partners CLI's --api-version pins: the webhooks have no header to ask with
      const partner = await provisionPartner(t!, { apiVersion: PUBLISHED_VERSION });
      const caFile = path.join(dir!, 'service-ca.pem');
      await writeFile(caFile, t!.api.tls.cert);
      const run = await runJourney(classpaths.get(generator)!, {
        PF_BASE_URL: t!.baseUrl,
        PF_CA_FILE: caFile,
        PF_USERNAME: partner.username,
        PF_PASSWORD: partner.password,
      });
      const summary = /^(\d+) passed, (\d+) failed$/m.exec(run.output);
      const failures = run.output
        .split('\n')
        .filter((l) => l.startsWith('FAIL '))
        .join('\n');
      expect(summary, `the Journey printed no summary line (exit ${run.code}):\n${run.output}`).to.not.equal(null);
      expect(Number(summary![2]), `${generator}: ${summary![0]}:\n${failures}`).to.equal(0);
      expect(run.code, run.output).to.equal(0);
    });
  }
});
