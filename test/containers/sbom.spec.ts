import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NPM_SBOM_ARGS } from '../../scripts/images/sbom-compose.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The npm part of the service image's bill of materials, as `npm run images` makes it
 * (scripts/images/sbom.mjs): the production dependencies the image installs, and none of
 * the development ones. Needs no Docker (the Debian and runtime parts are read inside the
 * built image; the unit test of sbom-compose.mjs checks how they are listed).
 */
describe('images: the bill of materials lists the production npm packages only', function () {
  this.timeout(60_000);
  let components: { name: string; group?: string; purl?: string }[] = [];
  before(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pf-sbom-test-'));
    try {
      const file = join(dir, 'npm.cdx.json');
      const cli = join(ROOT, 'node_modules/@cyclonedx/cyclonedx-npm/bin/cyclonedx-npm-cli.js');
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, [cli, ...NPM_SBOM_ARGS, '-o', file], { cwd: ROOT }, (err) => (err ? reject(err) : resolve())),
      );
      components = JSON.parse(await readFile(file, 'utf8')).components;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('every dependency of package.json is listed, at its locked version, and no devDependency', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8'));
    const names = new Set(components.map((c) => (c.group ? `${c.group}/${c.name}` : c.name)));
    for (const dep of Object.keys(pkg.dependencies)) {
      expect(names, dep).to.include(dep);
      const version = lock.packages[`node_modules/${dep}`].version;
      expect(
        components.some((c) => c.purl?.startsWith(`pkg:npm/${dep.replace('@', '%40')}@${version}`)),
        `${dep}@${version}`,
      ).to.equal(true);
    }
    // every package the lock marks dev-only (at its version) stays out, unless a production
    // package needs the same name and version
    const at = (path: string, v: any) => `${v.name ?? path.slice(path.lastIndexOf('node_modules/') + 13)}@${v.version}`;
    const entries = Object.entries(lock.packages as Record<string, any>).filter(([p]) => p.startsWith('node_modules/'));
    const production = new Set(entries.filter(([, v]) => !v.dev).map(([p, v]) => at(p, v)));
    const listed = new Set(components.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}@${(c as any).version}`));
    const devOnly = entries
      .filter(([, v]) => v.dev)
      .map(([p, v]) => at(p, v))
      .filter((id) => !production.has(id));
    expect(devOnly.length, 'the lock has development packages').to.be.greaterThan(50);
    expect(devOnly.filter((id) => listed.has(id))).to.deep.equal([]);
    for (const dev of ['mocha', 'typescript', '@biomejs/biome', '@cyclonedx/cyclonedx-npm']) expect(names, dev).to.not.include(dev);
    expect(names).to.not.include('partner-financing-client');
  });
});
