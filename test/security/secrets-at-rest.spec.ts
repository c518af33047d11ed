import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { ApiProcess } from '../support/api-process.js';
import { testConfig } from '../support/config.js';
import { runOps } from '../support/partners-cli.js';
import { waitFor } from '../support/wait.js';
import { SecretBox } from '../../platform/secret-box.js';
import { createPartnerDirectory } from '../../modules/auth/index.js';

/**
 * Webhook secrets and token signing keys are sealed at rest under a master key from a file:
 * after a partner is made and its secret and the signing key are rotated, no collection holds
 * a `whsec_` string or a signing key; an API started with another master key refuses to
 * start, naming MASTER_KEY_FILE; `ops keys reencrypt` moves every record to a new key while
 * the old one is still configured as previous, after which the new key alone serves.
 */
describe('secrets encrypted at rest, and the master key rotated', function () {
  this.timeout(180_000);
  let config: ReturnType<typeof testConfig>;
  let dir: string;
  let keyA: string;
  let keyB: string;
  let api: ApiProcess | undefined;
  let mongo: MongoClient;
  before(async () => {
    config = testConfig();
    dir = await mkdtemp(join(tmpdir(), 'pf-master-'));
    keyA = join(dir, 'a.key');
    keyB = join(dir, 'b.key');
    await writeFile(keyA, randomBytes(32).toString('base64'));
    await writeFile(keyB, randomBytes(32).toString('base64'));
    mongo = await new MongoClient(config.store.url, { retryWrites: false }).connect();
  });
  after(async () => {
    await api?.dispose();
    await mongo
      .db(config.store.db)
      .dropDatabase()
      .catch(() => {});
    await mongo.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Every document of every collection, as one text. */
  async function everything(): Promise<string> {
    const db = mongo.db(config.store.db);
    let text = '';
    for (const c of await db.listCollections().toArray()) text += JSON.stringify(await db.collection(c.name).find({}).toArray());
    return text;
  }

  it('when a partner is made, its webhook secret and the signing key rotated, then the store holds none of them in the clear; another master key refuses to start; reencrypt moves every record to a new key', async () => {
    const withA = { MASTER_KEY_FILE: keyA };
    api = new ApiProcess(config, withA);
    await api.prepare();
    api.start();
    await api.healthy();
    const username = `shop-${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('base64url');
    const made = await runOps(config, ['partners', 'create', '--username', username, '--password-stdin'], { stdin: `${password}\n`, env: withA });
    expect(made.code, made.stderr).to.equal(0);
    const rotated = await runOps(config, ['partners', 'rotate-webhook-secret', '--username', username], { env: withA });
    expect(rotated.code, rotated.stderr).to.equal(0);
    expect((await runOps(config, ['keys', 'rotate-signing-key'], { env: withA })).code).to.equal(0);
    expect((await api.client.post('/authentication/v1/partner', { username, password })).status, 'login under the rotated key').to.equal(200);

    const secrets = [made.json.webhookSecret as string, rotated.json.webhookSecret as string];
    const boxA = new SecretBox({ current: Buffer.from(readFileSync(keyA, 'utf8'), 'base64'), previous: [] });
    const directory = createPartnerDirectory(mongo.db(config.store.db), boxA);
    expect((await directory.webhookSecrets(made.json.id)).sort(), 'the secrets open with the key').to.deep.equal([...secrets].sort());
    const stored = await everything();
    expect(stored, 'no webhook secret in any collection').to.not.include('whsec_');
    const signingKeys = await mongo.db(config.store.db).collection('auth_signing_keys').find({}).toArray();
    expect(signingKeys.length).to.be.greaterThan(1);
    for (const k of signingKeys) expect(String(k.secret)).to.match(/^pfsec:v1:/);

    // the wrong master key: the API refuses to start, naming the setting
    await api.stop('SIGTERM');
    api.start({ MASTER_KEY_FILE: keyB });
    await waitFor('the API to refuse to start', () => api!.exited, { maxWait: 60_000, interval: 200 });
    expect(api.log).to.include('MASTER_KEY_FILE');

    // rotation: the new key seals, the old one still opens; reencrypt moves every record
    const rotating = { MASTER_KEY_FILE: keyB, MASTER_KEY_PREVIOUS_FILES: keyA };
    const moved = await runOps(config, ['keys', 'reencrypt'], { env: rotating });
    expect(moved.code, moved.stderr).to.equal(0);
    expect(moved.json.partners).to.be.at.least(1);
    expect(moved.json.signingKeys).to.equal(signingKeys.length);
    const again = await runOps(config, ['keys', 'reencrypt'], { env: rotating });
    expect(again.json).to.deep.include({ partners: 0, signingKeys: 0 });
    // the new key alone now serves: logins verify, the relay's directory opens the secrets
    api.start({ MASTER_KEY_FILE: keyB });
    await api.healthy();
    expect((await api.client.post('/authentication/v1/partner', { username, password })).status).to.equal(200);
    const boxB = new SecretBox({ current: Buffer.from(readFileSync(keyB, 'utf8'), 'base64'), previous: [] });
    expect((await createPartnerDirectory(mongo.db(config.store.db), boxB).webhookSecrets(made.json.id)).sort()).to.deep.equal([...secrets].sort());
    expect(await everything()).to.not.include('whsec_');
  });
});
