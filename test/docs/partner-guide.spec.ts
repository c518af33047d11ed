import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Relay } from '../../relay/create-relay.js';
import { Receiver, verify } from '../relay/support/receiver.js';
import { startTestRelay } from '../relay/support/relay.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';

const GUIDE = fileURLToPath(new URL('../../docs/partner-guide.md', import.meta.url));
const SCRIPT_LIMIT_MS = 150_000;

export interface ShellBlock {
  line: number;
  code: string;
}

/**
 * The ```sh blocks of a Markdown text in order (indented ones too); a block whose info
 * string says `no-run` is left out.
 */
export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```sh(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(indent));
    if (!/\bno-run\b/.test(open[2]!)) blocks.push({ line: i + 1, code: body.join('\n') });
    i = j;
  }
  return blocks;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function runBash(file: string, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-Eeuo', 'pipefail', file], {
      cwd,
      env: { PATH: process.env.PATH, HOME: cwd, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, SCRIPT_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/**
 * The partner guide as a partner would use it: every shell example, in the guide's order,
 * pasted into one bash session against the real API (sandbox, HTTPS with its self-signed
 * certificate), with the webhook relay delivering to a local endpoint.
 */
describe("docs: the partner guide's examples run as written", function () {
  this.timeout(SCRIPT_LIMIT_MS + 60_000);
  let t: TestApi;
  let relay: Relay;
  let receiver: Receiver;
  let shop: TestPartner;
  let dir: string;
  let run: Run;
  let vars: Record<string, string>;

  before(async function () {
    this.timeout(60_000);
    t = await startTestApi({ SANDBOX: 'true' });
    relay = await startTestRelay(t.config);
    receiver = await new Receiver().start();
    shop = await provisionPartner(t, { payoutTrigger: 'DELIVERED', feeBps: 250 });
    dir = await mkdtemp(path.join(tmpdir(), 'partner-guide-'));
  });
  after(async () => {
    await relay?.stop();
    await receiver?.stop();
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const as = (p: string) => t.client.request('GET', p, { token: shop.token });

  it('the examples need nothing the CI machine lacks and mark every placeholder', async () => {
    const blocks = shellBlocks(await readFile(GUIDE, 'utf8'));
    expect(blocks.length).to.be.greaterThan(20);
    const all = blocks.map((b) => b.code).join('\n');
    const commands = all
      .split('\n')
      .map((l) => l.replace(/(^|\s)#.*$/, ''))
      .join('\n');
    expect(commands, 'jq and uuidgen are not on every machine').not.to.match(/\bjq\b|\buuidgen\b/);
    expect(all).to.include('BASE=https://localhost:8443');
    for (const b of blocks) {
      for (const line of b.code.split('\n').filter((l) => /^\s*curl\b/.test(l))) {
        expect(line, `guide line ${b.line}: curl fails on an HTTP error`).to.match(/--fail-with-body|%\{http_code\}/);
      }
    }
  });

  it('runs every shell example in order in one bash session, each succeeding', async () => {
    const blocks = shellBlocks(await readFile(GUIDE, 'utf8'));
    const script = blocks
      .map((b) => `GUIDE_LINE=${b.line}\n${b.code}`)
      .join('\n\n')
      .replace('BASE=https://localhost:8443', `BASE=${t.baseUrl}`)
      .replaceAll('<your-username>', shop.username)
      .replaceAll('<your-password>', shop.password)
      .replaceAll('<your-notification-endpoint>', receiver.url('/hooks/financing'));
    expect(script.match(/<your-[^>]*>/g) ?? [], 'placeholders the test does not know').to.deep.equal([]);
    const file = path.join(dir, 'guide.sh');
    const onError = `trap 'echo "::failed:: the block at line $GUIDE_LINE of the guide: $BASH_COMMAND" >&2' ERR`;
    await writeFile(file, `${onError}\n${script}\n\nprintf '\\n::vars:: ID=%s ID2=%s RID=%s\\n' "$ID" "$ID2" "$RID"\n`);
    run = await runBash(file, dir);
    if (process.env.GUIDE_OUTPUT) await writeFile(process.env.GUIDE_OUTPUT, `${run.stdout}\n--- stderr ---\n${run.stderr}`);
    expect(run.timedOut, `the script ran over ${SCRIPT_LIMIT_MS} ms:\n${run.stderr}`).to.equal(false);
    expect(run.code, `the script failed (exit ${run.code}):\n${run.stderr}\n--- stdout (end) ---\n${run.stdout.slice(-3000)}`).to.equal(0);
    const line = /^::vars:: (.*)$/m.exec(run.stdout)?.[1] ?? '';
    vars = Object.fromEntries([...line.matchAll(/\b(ID|ID2|RID)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
    expect(vars).to.have.keys('ID', 'ID2', 'RID');
  });

  it('leaves what the guide says: the first application returned and settled, the second cancelled', async function () {
    if (!vars) this.skip();
    const first = await as(`/financing/v1/applications/${vars.ID}`);
    expect(first.body).to.include({ state: 'CANCELLED', stateReason: 'CANCELLED_RETURNED' });
    const payments = (await as(`/financing/v1/applications/${vars.ID}/payments?limit=100`)).body.data as any[];
    expect(payments.map((p) => p.type)[0]).to.equal('PAYOUT');
    expect(payments.filter((p) => p.type === 'CREDIT_NOTE')).to.have.length.greaterThan(1);
    expect(
      payments.reduce((s, p) => s + p.value.amount, 0),
      'after a full return the balance is 0',
    ).to.equal(0);
    const second = await as(`/financing/v1/applications/${vars.ID2}`);
    expect(second.body).to.include({ state: 'CANCELLED', stateReason: 'CANCELLED_NOT_PAID' });
    const recurrence = await as(`/financing/v1/recurrences/${vars.RID}`);
    expect(recurrence.body.state).to.equal('CANCELLED');
  });

  it('shows the outputs its comments promise: a replayed answer, a healthy service', function () {
    if (!vars) this.skip();
    expect(run.stdout).to.match(/idempotent-replayed: true/i);
    expect(run.stdout).to.include('"status":"UP"');
  });

  it('the notificationEndpoint of the examples got signed notifications, up to the payout', async function () {
    if (!vars) this.skip();
    const all = await receiver.waitForRequests('the payout notification of the first application', (rs) =>
      rs.some((r) => r.body.includes('"PAYOUT"') && r.body.includes(vars.ID!)),
    );
    const bodies = all.map((r) => verify(r, shop.webhookSecret) as any);
    const reasons = bodies.filter((b) => b.id === vars.ID).map((b) => b.stateReason);
    expect(reasons).to.include.members(['PROCESSING_REDIRECT_NEEDED', 'READY_TO_SHIP', 'READY_SHIPPED', 'READY_DELIVERED', 'READY_PAID']);
    expect(reasons.indexOf('READY_PAID'), 'paid on delivery: READY_PAID follows READY_DELIVERED (the state table)').to.be.greaterThan(
      reasons.indexOf('READY_DELIVERED'),
    );
  });
});
