import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { waitFor } from '../support/wait.js';
import { runOps, runPartnersCli, type CliResult } from '../support/partners-cli.js';

const LOGIN = '/authentication/v1/partner';
const UNKNOWN_APP = '/financing/v1/applications/0190d3f0-0000-7000-8000-000000000000';

/** Runs `ops partners ...` as an operator would (a separate process), against the test database. */
const cli = (t: TestApi, args: string[], stdin?: string): Promise<CliResult> => runPartnersCli(t.config, args, { stdin });

describe('ops partners (the partners CLI) against the store the API uses', () => {
  let t: TestApi;
  const username = `cli-shop-${Date.now()}`;
  const password = 'correct-horse-battery';
  before(async () => {
    t = await startTestApi({ AUTH_CACHE_TTL: '300ms' });
  });
  after(async () => {
    await t?.stop();
  });

  it('when a partner is created with --password-stdin, then JSON with id, username, payoutTrigger, feeBps and a Standard Webhooks secret, and it can log in', async () => {
    const res = await cli(t, ['create', '--username', username, '--password-stdin', '--payout-trigger', 'SENT', '--fee-bps', '150'], `${password}\n`);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.json).to.include({ username, payoutTrigger: 'SENT', feeBps: 150, enabled: true });
    expect(res.json.id).to.be.a('string');
    expect(res.json.webhookSecret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.stdout).not.to.include(password);
    expect((await t.client.post(LOGIN, { username, password })).status).to.equal(200);
  });

  it('when a partner is created with --password, then it logs in with that password', async () => {
    const res = await cli(t, ['create', '--username', `${username}-2`, '--password', 'another-long-password']);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.json.payoutTrigger).to.equal('DELIVERED');
    expect((await t.client.post(LOGIN, { username: `${username}-2`, password: 'another-long-password' })).status).to.equal(200);
  });

  it('when the input is refused (short password, taken username, bad fee), then exit 2 with the reason on stderr and nothing on stdout', async () => {
    const short = await cli(t, ['create', '--username', `${username}-3`, '--password', 'short']);
    expect(short.code).to.equal(2);
    expect(short.stderr).to.match(/at least 12 characters/);
    const taken = await cli(t, ['create', '--username', username, '--password', 'another-long-password']);
    expect(taken.code).to.equal(2);
    expect(taken.stderr).to.match(/USERNAME_TAKEN/);
    const fee = await cli(t, ['create', '--username', `${username}-4`, '--password', 'another-long-password', '--fee-bps', '1.5']);
    expect(fee.code).to.equal(2);
    expect(fee.stdout).to.equal('');
  });

  it('when partners are listed, then a JSON array without any secret', async () => {
    const res = await cli(t, ['list']);
    expect(res.code, res.stderr).to.equal(0);
    const mine = res.json.find((p: any) => p.username === username);
    expect(mine).to.include({ payoutTrigger: 'SENT', feeBps: 150, enabled: true, webhookSecrets: 1 });
    expect(res.stdout).not.to.match(/whsec_|scrypt/);
  });

  it('when the webhook secret is rotated, then a new secret leads and the old one keeps signing until the grace ends', async () => {
    const before = await t.api.modules.auth.admin.get(username);
    const res = await cli(t, ['rotate-webhook-secret', '--username', username, '--grace', '1h']);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.json.webhookSecret).to.match(/^whsec_/);
    const secrets = await (await import('../../modules/auth/index.js'))
      .createPartnerDirectory(t.api.runtime.db, t.api.runtime.secrets)
      .webhookSecrets(before.id);
    expect(secrets).to.have.length(2);
    expect(secrets[0]).to.equal(res.json.webhookSecret);
    expect(Date.parse(res.json.previousSecretsValidUntil) - Date.now()).to.be.within(3_500_000, 3_600_000);
  });

  it('when the password is rotated from stdin, then the old password and the old tokens stop working', async () => {
    const token = (await t.client.post(LOGIN, { username, password })).body.accessToken;
    expect((await t.client.get(UNKNOWN_APP, { token })).status).to.equal(404);
    const res = await cli(t, ['rotate-password', '--username', username, '--password-stdin'], 'a-rotated-long-password\n');
    expect(res.code, res.stderr).to.equal(0);
    await waitFor('the old token to be refused', async () => (await t.client.get(UNKNOWN_APP, { token })).status === 401, { maxWait: 2000 });
    expect((await t.client.post(LOGIN, { username, password })).status).to.equal(400);
    expect((await t.client.post(LOGIN, { username, password: 'a-rotated-long-password' })).status).to.equal(200);
  });

  it('when the partner is disabled, then login answers 400 and its tokens 401; enable lets it log in again', async () => {
    const token = (await t.client.post(LOGIN, { username, password: 'a-rotated-long-password' })).body.accessToken;
    const res = await cli(t, ['disable', '--username', username]);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.json.enabled).to.equal(false);
    await waitFor('the token to be refused', async () => (await t.client.get(UNKNOWN_APP, { token })).status === 401, { maxWait: 2000 });
    expect((await t.client.post(LOGIN, { username, password: 'a-rotated-long-password' })).status).to.equal(400);
    expect((await cli(t, ['enable', '--username', username])).json.enabled).to.equal(true);
    expect((await t.client.post(LOGIN, { username, password: 'a-rotated-long-password' })).status).to.equal(200);
  });

  it('when the signing key is rotated, then the JSON names the new kid and the API signs with it', async () => {
    const res = await runOps(t.config, ['keys', 'rotate-signing-key']);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.json.kid).to.be.a('string');
    expect(res.json.retired).to.include('k1');
    await waitFor(
      'a token under the new kid',
      async () => {
        const r = await t.client.post(LOGIN, { username, password: 'a-rotated-long-password' });
        return JSON.parse(Buffer.from(r.body.accessToken.split('.')[0], 'base64url').toString()).kid === res.json.kid;
      },
      { maxWait: 5000 },
    );
  });

  it('when every token is revoked (emergency after a key leak), then existing tokens are refused and login works again', async () => {
    const token = (await t.client.post(LOGIN, { username, password: 'a-rotated-long-password' })).body.accessToken;
    expect((await t.client.get(UNKNOWN_APP, { token })).status).to.equal(404);
    const res = await cli(t, ['revoke-tokens']);
    expect(res.code, res.stderr).to.equal(0);
    expect(res.json.partners).to.be.at.least(2);
    await waitFor('the token to be refused', async () => (await t.client.get(UNKNOWN_APP, { token })).status === 401, { maxWait: 2000 });
    expect((await t.client.post(LOGIN, { username, password: 'a-rotated-long-password' })).status).to.equal(200);
  });

  it('when the command or a partner is unknown, then exit 2 with usage or the reason', async () => {
    expect((await cli(t, ['frobnicate'])).code).to.equal(2);
    const missing = await cli(t, ['disable', '--username', 'nobody-at-all']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.match(/PARTNER_NOT_FOUND/);
  });

  it("when --help is asked, then the usage on stdout and exit 0: the group's verbs, or one verb's options", async () => {
    for (const args of [['--help'], ['help']]) {
      const res = await cli(t, args);
      expect(res.code, `${args.join(' ')}: ${res.stderr}`).to.equal(0);
      expect(res.stdout)
        .to.match(/^usage: ops partners <verb>/)
        .and.include('set-display-name');
    }
    const create = await cli(t, ['create', '--help']);
    expect(create.code, create.stderr).to.equal(0);
    expect(create.stdout).to.match(/^usage: ops partners create --username U \(--password P \| --password-stdin\)/);
  });

  it('when the whole program is asked for help, then its verbs by group, from the process the image runs', async () => {
    const res = await runOps(t.config, ['--help']);
    expect(res.code, res.stderr).to.equal(0);
    expect([...res.stdout.matchAll(/^(partners|keys|ledger|data|kafka): /gm)].map((m) => m[1])).to.deep.equal(['partners', 'keys', 'ledger', 'data', 'kafka']);
  });

  it('when a verb is asked under its old place (the signing key under partners), then exit 2 naming where it lives now', async () => {
    const res = await cli(t, ['rotate-signing-key']);
    expect(res.code).to.equal(2);
    expect(res.stderr).to.include('did you mean ops keys rotate-signing-key?');
  });

  it('when a display name is set, then show prints it; a name with control characters or over 80 is refused with exit 2', async () => {
    const name = `${username}-named`;
    const made = await cli(t, ['create', '--username', name, '--password', 'another-long-password', '--display-name', 'Kavárna U Řeky']);
    expect(made.code, made.stderr).to.equal(0);
    expect(made.json.displayName).to.equal('Kavárna U Řeky');
    const set = await cli(t, ['set-display-name', '--username', name, '--display-name', '  Knihkupectví Na Rohu  ']);
    expect(set.code, set.stderr).to.equal(0);
    expect((await cli(t, ['show', '--username', name])).json.displayName).to.equal('Knihkupectví Na Rohu');
    for (const bad of ['line\nbreak', 'x'.repeat(81), '   ']) {
      const res = await cli(t, ['set-display-name', '--username', name, '--display-name', bad]);
      expect(res.code, bad).to.equal(2);
      expect(res.stderr).to.include('displayName');
    }
    expect((await cli(t, ['show', '--username', name])).json.displayName).to.equal('Knihkupectví Na Rohu');
  });
});
