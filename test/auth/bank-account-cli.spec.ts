import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { runPartnersCli } from '../support/partners-cli.js';

const cli = (t: TestApi, args: string[]) => runPartnersCli(t.config, args);

describe('partners CLI: set-bank-account', function () {
  this.timeout(60_000);
  let t: TestApi;
  const username = `bank-shop-${Date.now()}`;
  before(async () => {
    t = await startTestApi();
    await t.api.modules.auth.admin.create({ username, password: 'correct-horse-battery', payoutTrigger: 'SENT', feeBps: 0 });
  });
  after(async () => {
    await t?.stop();
  });

  it('when a Czech account number with valid checksums is set, then show prints it; an IBAN replaces it', async () => {
    const set = await cli(t, ['set-bank-account', '--username', username, '--account', '19-2000145399/0800']);
    expect(set.code, set.stderr).to.equal(0);
    expect(set.json.bankAccount).to.equal('19-2000145399/0800');
    const iban = await cli(t, ['set-bank-account', '--username', username, '--account', 'CZ65 0800 0000 1920 0014 5399']);
    expect(iban.json.bankAccount).to.equal('CZ6508000000192000145399');
    expect((await cli(t, ['show', '--username', username])).json.bankAccount).to.equal('CZ6508000000192000145399');
  });

  it('when the checksum fails, then exit 2 with the reason naming bankAccount, and the account set before stays', async () => {
    const bad = await cli(t, ['set-bank-account', '--username', username, '--account', '19-2000145398/0800']);
    expect(bad.code).to.equal(2);
    expect(bad.stdout).to.equal('');
    expect(bad.stderr).to.match(/INVALID_REQUEST: bankAccount: the account number 2000145398 fails/);
    expect((await cli(t, ['show', '--username', username])).json.bankAccount).to.equal('CZ6508000000192000145399');
    expect((await cli(t, ['set-bank-account', '--username', username])).code).to.equal(2);
  });
});
