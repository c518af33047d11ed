import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ensureSandboxPartner, sandboxOn } from '../../scripts/sandbox-credentials.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { processEntry, serviceEnv } from '../support/service-process.js';

/** `npm start` with the sandbox on: ready-made credentials the first time, and where they are kept. */
describe('npm start: the sandbox partner', function () {
  this.timeout(120_000);
  let t: TestApi;
  let dir: string;
  before(async () => {
    t = await startTestApi({ SANDBOX: 'true' });
    dir = await mkdtemp(path.join(tmpdir(), 'sandbox-credentials-'));
    processEntry('ops/main.ts'); // compiled as npm start has it
  });
  after(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when the sandbox is on, then it is on by default outside production and off when told', () => {
    expect([
      sandboxOn({}),
      sandboxOn({ NODE_ENV: 'production' }),
      sandboxOn({ SANDBOX: 'false' }),
      sandboxOn({ NODE_ENV: 'production', SANDBOX: 'true' }),
    ]).to.deep.equal([true, false, false, true]);
  });

  it('when started the first time, then credentials that log in are printed and kept; the next time only where they are', async () => {
    const file = path.join(dir, 'sandbox-partner.json');
    const first: string[] = [];
    await ensureSandboxPartner(serviceEnv(t.config), (l) => first.push(l), file);
    expect(first.join('\n'), first.join('\n')).to.match(/^sandbox partner /);
    const kept = JSON.parse(await readFile(file, 'utf8'));
    expect(first.join('\n')).to.include(`password ${kept.password}`).and.include(kept.webhookSecret).and.include(`kept in ${file}`);
    expect((await stat(file)).mode & 0o777).to.equal(0o600);
    const login = await t.client.post('/authentication/v1/partner', { username: kept.username, password: kept.password });
    expect(login.status, login.text).to.equal(200);

    const again: string[] = [];
    await ensureSandboxPartner(serviceEnv(t.config), (l) => again.push(l), file);
    expect(again).to.deep.equal([`sandbox partner ${kept.username}: its password and webhook secret are in ${file}`]);
  });
});
