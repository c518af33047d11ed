import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Relay } from '../../relay/create-relay.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner } from '../support/partners.js';
import { startTestRelay } from '../relay/support/relay.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BOUND_MS = 90_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run example`'s program as its own process, killed when it outlasts `BOUND_MS`. */
function runExample(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/shop/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the example shop (npm run example) against the API and the relay', function () {
  this.timeout(BOUND_MS + 60_000);
  let t: TestApi;
  let relay: Relay;
  let dir: string;

  before(async () => {
    t = await startTestApi({ SANDBOX: 'true' });
    relay = await startTestRelay(t.config);
    dir = await mkdtemp(path.join(tmpdir(), 'example-shop-'));
  });

  after(async () => {
    await relay?.stop();
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when the shop lives one order through the client, then every step passes and the story tells it', async () => {
    const partner = await provisionPartner(t);
    await t.api.modules.auth.admin.setBankAccount(partner.username, '19-2000145399/0800');
    const caFile = path.join(dir, 'service-cert.pem');
    await writeFile(caFile, t.api.tls.cert);
    const run = await runExample({
      FINANCING_BASE_URL: t.baseUrl,
      FINANCING_USERNAME: partner.username,
      FINANCING_PASSWORD: partner.password,
      FINANCING_WEBHOOK_SECRET: partner.webhookSecret,
      FINANCING_CA_FILE: caFile,
    });
    const story = `${run.stdout}${run.stderr}`;
    if (process.env.TEST_LOG_LEVEL) process.stderr.write(story);
    expect(run.code, story).to.equal(0);
    for (const line of [
      /^1\. application created for order EX-\S+ \(1500\.00 CZK\): \S+, PROCESSING \/ PROCESSING_REDIRECT_NEEDED$/m,
      /^2\. approved in the sandbox; webhook verified: READY_TO_SHIP$/m,
      /^3\. sent everything; webhook verified: READY_SHIPPED$/m,
      /^4\. delivered; webhooks verified: READY_DELIVERED, payout of \d+\.\d\d CZK$/m,
      /^5\. one kettle came back: order total now 900\.00 CZK; webhook verified: credit note of -\d+\.\d\d CZK$/m,
      /^6\. payments: PAYOUT \d+\.\d\d CZK, CREDIT_NOTE -\d+\.\d\d CZK; balance \d+\.\d\d CZK$/m,
      /^7\. event feed: \d+ events for the application/m,
      /^8\. settlement 0000000001 \(value date \d{4}-\d\d-\d\d\): 2 lines; gross \d+\.\d\d CZK, refunds -\d+\.\d\d CZK, fees \d+\.\d\d CZK, carried in 0\.00 CZK; net \d+\.\d\d CZK, transfer \d+\.\d\d CZK to 19-2000145399\/0800$/m,
      /^ {5}settlementReference,paymentId,date,type,orderNumber,/m,
      /^ {5}0000000001,TRANSFER,,,,,,,,,,,\d+\.\d\d,CZK$/m,
      /^9\. reconciled: the 2 payments received by webhook are lines of settlement 0000000001, its 2 lines add up to \d+\.\d\d CZK, the report's TRANSFER row is \d+\.\d\d CZK; settlement webhook verified$/m,
      /^Done: every step passed/m,
    ])
      expect(story).to.match(line);
  });

  it('when the webhook secret is wrong, then the shop refuses the webhooks and exits non-zero', async () => {
    const partner = await provisionPartner(t);
    const caFile = path.join(dir, 'service-cert.pem');
    await writeFile(caFile, t.api.tls.cert);
    const run = await runExample({
      FINANCING_BASE_URL: t.baseUrl,
      FINANCING_USERNAME: partner.username,
      FINANCING_PASSWORD: partner.password,
      FINANCING_WEBHOOK_SECRET: `whsec_${Buffer.from('not the partner secret').toString('base64')}`,
      FINANCING_CA_FILE: caFile,
    });
    expect(run.code).to.equal(1);
    expect(run.stderr).to.match(/The example shop stopped: a webhook failed signature verification while waiting for PROCESSING_REDIRECT_NEEDED/);
  });
});
