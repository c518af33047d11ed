import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { recordLocalApi } from '../../scripts/local-api.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { ROOT } from './support/listen-support.js';

/** `npm run -s cert` asks the port the running service serves on, not a fixed 8443. */
describe('npm run -s cert', function () {
  this.timeout(60_000);
  let t: TestApi;
  let cache: string;
  before(async () => {
    t = await startTestApi({});
    cache = await mkdtemp(path.join(tmpdir(), 'cert-port-'));
  });
  after(async () => {
    await t?.stop();
    if (cache) await rm(cache, { recursive: true, force: true });
  });

  it('when npm start recorded the port it serves on, then cert prints the certificate presented there', async () => {
    // as npm start records it, with this (living) process as the recorder
    recordLocalApi(t.baseUrl, path.join(cache, 'run', 'local-api.json'));
    const env: NodeJS.ProcessEnv = { ...process.env, PF_CACHE: cache };
    delete env.FINANCING_BASE_URL;
    delete env.HTTPS_PORT;
    // not spawnSync: the API under test answers from this process's event loop
    const res = await promisify(execFile)('npm', ['run', '-s', 'cert'], { cwd: ROOT, env, encoding: 'utf8', timeout: 50_000 });
    expect(new X509Certificate(res.stdout).fingerprint256).to.equal(new X509Certificate(t.api.tls.cert).fingerprint256);
  });
});
