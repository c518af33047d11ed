import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** About 90 s on an idle 2-core machine, plus the first run's virtualenv (pip: about 10 s). */
const BOUND_MS = 300_000;

interface Run {
  code: number | null;
  output: string;
  killed: boolean;
}

/**
 * `npm run api:conformance` as its own process group (the script and schemathesis under
 * it), against the suite's MongoDB and Kafka; the whole group is killed when it outlasts
 * BOUND_MS.
 */
function runConformance(): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-conformance.ts'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    let killed = false;
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => {
      killed = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, BOUND_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, killed });
    });
  });
}

describe('the OpenAPI document tells the truth (schemathesis, fixed seed: npm run api:conformance)', function () {
  this.timeout(BOUND_MS + 30_000);

  it('when every partner operation is exercised, then no server error, no undocumented status, no valid request refused, no answer off its schema', async () => {
    const run = await runConformance();
    const tail = run.output.slice(-12_000);
    expect(run.killed, `still running after ${BOUND_MS / 1000} s:\n${tail}`).to.equal(false);
    expect(run.code, `schemathesis found failures (reproduce with npm run api:conformance):\n${tail}`).to.equal(0);
    // the run really tested: a summary with generated cases, none of them failing
    expect(run.output).to.match(/\d+ generated, \d+ passed/);
  });
});
