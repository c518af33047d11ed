import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CONFIG = `${ROOT}.dependency-cruiser.cjs`;
const CLI = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
const RULES: string[] = createRequire(import.meta.url)(CONFIG).forbidden.map((r: { name: string }) => r.name);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The cruiser's verdict on `dirs`, cruised from `cwd` with the repository's rules. */
async function violations(cwd: string, dirs: string[]): Promise<Violation[]> {
  const run = await promisify(execFile)(process.execPath, [CLI, ...dirs, '--config', CONFIG, '--output-type', 'json'], { cwd, maxBuffer: 64 << 20 })
    // the cruiser exits non-zero on violations; its report is on stdout all the same
    .catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('module boundaries (dependency-cruiser, .dependency-cruiser.cjs)', function () {
  this.timeout(60_000);

  it('when the code that ships is cruised, then no rule is broken', async () => {
    const found = await violations(ROOT, ['api', 'config', 'modules', 'ops', 'platform', 'relay', 'versions', 'scripts', 'examples']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).to.deep.equal([]);
  });

  it("when each rule is broken once (fixtures), then each is reported once (a module cycle from each of its two modules), and the composition roots' allowed imports are not", async () => {
    const found = await violations(FIXTURES, ['api', 'config', 'modules', 'ops', 'platform', 'relay', 'versions']);
    expect(found.map((v) => v.rule.name).sort()).to.deep.equal([...RULES, 'no-module-cycles'].sort());
    expect(
      found
        .filter((v) => v.rule.name === 'no-module-cycles')
        .map((v) => `${v.from} → ${v.to}`)
        .sort(),
    ).to.deep.equal(['modules/c → modules/d', 'modules/d → modules/c']);
    expect(found.map((v) => v.from)).not.to.include('relay/main.ts');
    expect(found.map((v) => v.from)).not.to.include('ops/main.ts');
  });
});
