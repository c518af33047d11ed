import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ROOT } from './support/listen-support.js';

const CLIENT_DIR = path.join(ROOT, 'clients', 'typescript');
/** Hooks npm runs only where the package is packed from its sources, never from the tarball. */
const PACK_TIME = new Set(['prepack', 'postpack', 'prepublishOnly', 'prepublish', 'publish', 'postpublish', 'build', 'build:if-stale']);

/**
 * The client package as it would be published: `npm publish --dry-run` (which packs it and
 * runs prepack, the build) says nothing to warn about, and no script a shop's install could
 * run names a file the tarball lacks.
 */
describe('the client package, ready to publish', function () {
  this.timeout(300_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'client-publish-'));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when published with --dry-run, then npm warns of nothing and lists the built files', async () => {
    // a token only so that npm has nothing to say about a missing login: a dry run sends nothing
    const npmrc = path.join(dir, 'npmrc');
    await writeFile(npmrc, '//registry.npmjs.org/:_authToken=dry-run-only\n');
    const run = spawnSync('npm', ['publish', '--dry-run', '--json', '--userconfig', npmrc], { cwd: CLIENT_DIR, encoding: 'utf8', timeout: 280_000 });
    const shown = `exit ${run.status}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
    expect(run.status, shown).to.equal(0);
    expect(
      run.stderr.split('\n').filter((l) => /^npm (warn|WARN|ERR)/.test(l)),
      shown,
    ).to.deep.equal([]);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    const files: string[] = (report.files ?? report['@partner-financing/client']?.files ?? []).map((f: { path: string }) => f.path);
    expect(files).to.include.members(['package.json', 'dist/esm/index.js', 'dist/cjs/index.js']);
  });

  it('when installed from the tarball, then no script it could run names a file the tarball lacks', async () => {
    const manifest = JSON.parse(await readFile(path.join(CLIENT_DIR, 'package.json'), 'utf8'));
    const runnable = Object.entries<string>(manifest.scripts ?? {}).filter(([name]) => !PACK_TIME.has(name));
    const shipped = manifest.files as string[];
    const missing = runnable.filter(([, cmd]) => /\b(scripts|src)\//.test(cmd) && !shipped.some((f) => cmd.includes(f)));
    expect(missing, 'install-time scripts that need the sources').to.deep.equal([]);
  });
});
