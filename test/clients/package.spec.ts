import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { CLIENT_VERSION } from '../../clients/typescript/src/version.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { waitFor } from '../support/wait.js';
import { approvedApplication, CliRun, feed, Receiver, ROOT } from './support/listen-support.js';

const CLIENT_DIR = path.join(ROOT, 'clients', 'typescript');
const FIXTURES = path.join(ROOT, 'test', 'clients', 'fixtures', 'outside-shop');
/** the largest tarball we accept: it was 64 kB at 0.2.0 (the declarations of every body, twice) */
const MAX_TARBALL_BYTES = 150_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function exec(command: string, args: string[], opts: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const shown = (run: Run) => `exit ${run.code}\n--- stdout\n${run.stdout}--- stderr\n${run.stderr}`;

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

/**
 * The client as a shop gets it: `npm pack` (which builds it), installed from the tarball
 * into a project outside the repository, used with plain `node` (ESM and CommonJS), its
 * declarations compiled by tsc, its `listen` command run through npx.
 */
describe('the client package, packed and installed in a project outside the repository', function () {
  this.timeout(600_000);
  let dir: string;
  let project: string;
  let packed: Packed;
  let t: TestApi;
  let partner: TestPartner;
  let caFile: string;
  let shopEnv: Record<string, string>;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'client-package-'));
    const pack = await exec('npm', ['pack', '--json', '--pack-destination', dir], { cwd: CLIENT_DIR, timeoutMs: 300_000 });
    if (pack.code !== 0) throw new Error(`npm pack failed\n${shown(pack)}`);
    packed = (JSON.parse(pack.stdout.slice(pack.stdout.indexOf('\n[') + 1 || pack.stdout.indexOf('['))) as Packed[])[0]!;
    project = path.join(dir, 'outside-shop');
    await exec('mkdir', ['-p', project], { cwd: dir });
    await writeFile(
      path.join(project, 'package.json'),
      `${JSON.stringify({ name: 'outside-shop', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
    );
    const install = await exec('npm', ['install', path.join(dir, packed.filename), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: project,
      timeoutMs: 300_000,
    });
    if (install.code !== 0) throw new Error(`npm install of the tarball failed\n${shown(install)}`);
    for (const f of ['shop.mjs', 'check.cjs']) await copyFile(path.join(FIXTURES, f), path.join(project, f));
    for (const f of ['typed.ts', 'typed.cts']) await copyFile(path.join(FIXTURES, `${f}.fixture`), path.join(project, f));

    t = await startTestApi({ SANDBOX: 'true' });
    partner = await provisionPartner(t);
    caFile = path.join(dir, 'service-cert.pem');
    await writeFile(caFile, t.api.tls.cert);
    shopEnv = {
      FINANCING_BASE_URL: t.baseUrl,
      FINANCING_USERNAME: partner.username,
      FINANCING_PASSWORD: partner.password,
      FINANCING_WEBHOOK_SECRET: partner.webhookSecret,
      FINANCING_CA_FILE: caFile,
    };
  });

  after(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when packed, then the tarball holds the ESM and CommonJS builds with declarations, the README and the CHANGELOG, and no tests, sources or OpenAPI document', async () => {
    const files = packed.files.map((f) => f.path).sort();
    if (process.env.TEST_LOG_LEVEL)
      process.stderr.write(`${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked\n${files.join('\n')}\n`);
    expect(files).to.include.members([
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'dist/esm/index.js',
      'dist/esm/index.d.ts',
      'dist/esm/cli/main.js',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      'dist/cjs/package.json',
    ]);
    expect(files.filter((f) => /\.test\.|openapi\.json|^src\/|^scripts\/|tsconfig|\.tgz$/.test(f))).to.deep.equal([]);
    expect(packed.size).to.be.below(MAX_TARBALL_BYTES);
    const manifest = JSON.parse(await readFile(path.join(project, 'node_modules', '@partner-financing', 'client', 'package.json'), 'utf8'));
    expect(manifest.version).to.equal(CLIENT_VERSION);
    expect(manifest).to.not.have.property('private');
    const changelog = await readFile(path.join(CLIENT_DIR, 'CHANGELOG.md'), 'utf8');
    expect(changelog).to.match(new RegExp(`^## ${CLIENT_VERSION.replace(/\./g, '\\.')} `, 'm'));
    const readme = await readFile(path.join(CLIENT_DIR, 'README.md'), 'utf8');
    const [, first] = readme.split('\n## ');
    expect(first, "the README's first section is how to install it").to.match(/^Install\n[^]*npm install \.\/partner-financing-client-/);
  });

  it('when a shop outside the repository runs a purchase with plain node, then it goes from create to payout', async () => {
    const run = await exec(process.execPath, ['shop.mjs'], { cwd: project, env: shopEnv, timeoutMs: 120_000 });
    expect(run.code, shown(run)).to.equal(0);
    expect(run.stdout).to.match(/^created \S+: PROCESSING \/ PROCESSING_\w+$/m);
    expect(run.stdout).to.match(/^approved: READY_TO_SHIP$/m);
    expect(run.stdout).to.match(/^delivered; payout of \d+ CZK$/m);
    expect(run.stdout).to.match(new RegExp(`^purchase done with @partner-financing/client ${CLIENT_VERSION}$`, 'm'));
  });

  it('when the package is required from CommonJS, then the same client works there', async () => {
    const run = await exec(process.execPath, ['check.cjs'], { cwd: project, env: shopEnv, timeoutMs: 60_000 });
    expect(run.code, shown(run)).to.equal(0);
    expect(run.stdout).to.match(new RegExp(`^require: ${CLIENT_VERSION}; webhook application READY_TO_SHIP verified; \\d+ events; unknown id: 404$`, 'm'));
  });

  it('when a TypeScript shop compiles against it (module nodenext, ESM and CommonJS), then the declarations type its calls', async () => {
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // @types/node from the repository: the shop's own would be installed beside the client
          typeRoots: [path.join(ROOT, 'node_modules', '@types')],
          types: ['node'],
        },
        files: ['typed.ts', 'typed.cts'],
      }),
    );
    const tsc = path.join(CLIENT_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = await exec(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, timeoutMs: 120_000 });
    expect(run.code, shown(run)).to.equal(0);
  });

  it("when npx runs the package's listen, then the partner's notifications are forwarded, signed, and it stops cleanly", async function () {
    this.timeout(120_000);
    const receiver = await new Receiver(partner.webhookSecret).start();
    const run = new CliRun(
      ['listen', '--forward-to', receiver.url, '--from-start', '--state-file', path.join(dir, 'listen-state.json'), '--poll-interval', '100'],
      shopEnv,
      ['npx', '--no-install', '@partner-financing/client'],
      project,
    );
    try {
      const { feedLength } = await approvedApplication(t, partner); // (with the purchase's, when that test ran before)
      await waitFor(`the feed's notifications forwarded\n${run.output}`, () => receiver.received.length >= feedLength, { maxWait: 30_000 });
      await run.interrupt(); // npx itself dies of the SIGINT; listen finishes and says where it stopped
      expect(run.stderr, run.output).to.match(
        /SIGINT: finishing the forward in flight and saving the position[^]*stopped after event \S+: \d+ forwarded; listen again to resume from there/,
      );
      // in feed order, each once (the feed may have grown meanwhile: compare what was forwarded)
      const now = await feed(t, partner);
      expect(receiver.ids()).to.deep.equal(now.slice(0, receiver.received.length).map((e) => e.id));
      expect(receiver.received.every((r) => r.verified)).to.equal(true);
      expect(run.stdout).to.match(/application READY \/ READY_TO_SHIP \(application \S+, event \S+\) -> 200 in \d+ ms/);
    } finally {
      await run.stop('SIGKILL');
      await receiver.stop();
    }
  });
});
