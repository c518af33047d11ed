import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { startHarness, type AppHarness } from '../applications/harness.js';
import { applicationBody } from '../applications/requests.js';
import { GatewayClient } from '../gateway/gateway-client.js';
import { waitForReason } from '../orders/orders-harness.js';
import { runOps } from '../support/partners-cli.js';
import { ApplicationListing } from '../../modules/applications/store/application-listing.js';

/**
 * `ops customers erase`: a person with a rejected application, an approved one (a credit
 * record under retention) and one still being decided, and another person who must not be
 * touched. Dry by default; confirmed with a reason, it anonymises the rejected application
 * at once, keeps the other two saying why, and writes an audit record that does not hold
 * the e-mail it erased; a second run changes nothing.
 */
describe('ops customers erase: a person erased at once where no retention duty applies', function () {
  this.timeout(120_000);
  let h: AppHarness;
  const person = `erase-${randomBytes(4).toString('hex')}`;
  const ids: Record<string, string> = {};

  before(async function () {
    this.timeout(60_000);
    h = await startHarness();
  });
  after(() => h?.stop());

  // the person's name is theirs alone in this test, so the portal's search by it finds exactly their applications
  const name = { firstName: 'Radmila', lastName: `Šťastná ${person}` };
  const create = async (label: string, email: string) => {
    const body = applicationBody({}, { email }) as any;
    if (label !== 'other') body.customer = { ...body.customer, ...name };
    const app = await h.create(body);
    ids[label] = app.id;
    return app;
  };
  const decide = async (app: any, reason: string) => {
    const res = await new GatewayClient(h.t, app.gatewayRedirectUrl).submitAsCustomer('confirm');
    expect(res.status).to.be.below(400);
    await waitForReason(h, app.id, h.partner, reason);
  };
  const stored = (id: string) => h.t.api.runtime.db.collection('applications').findOne({ _id: id } as any) as Promise<any>;

  it('when erased, then the rejected application is anonymised, the approved and the undecided ones are kept with their reasons, and the other person is untouched', async () => {
    await decide(await create('rejected', `${person}+reject@example.com`), 'REJECTED');
    await decide(await create('approved', `${person.toUpperCase()}+approve@Example.com`), 'READY_TO_SHIP');
    await create('processing', `${person}@example.com`);
    await create('other', `someone-else-${person}+reject@example.com`);

    const dry = await runOps(h.t.config, ['customers', 'erase', '--email', `${person}@example.com`]);
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.json.dryRun).to.equal(true);
    const verdicts = Object.fromEntries(dry.json.plan.applications.map((a: any) => [a.applicationId, a]));
    expect(Object.keys(verdicts), JSON.stringify(dry.json)).to.have.length(3);
    expect(dry.json.plan.found, 'case and +tag ignored, the other person not matched').to.equal(3);
    expect(verdicts[ids.rejected!]).to.deep.include({ action: 'ANONYMISE', dataClass: 'NOT_FINANCED' });
    expect(verdicts[ids.approved!]).to.deep.include({ action: 'KEPT', reason: 'CREDIT_RECORD' });
    expect(verdicts[ids.approved!].keptUntil, 'says until when').to.be.a('string');
    expect(verdicts[ids.processing!]).to.deep.include({ action: 'KEPT', reason: 'IN_PROGRESS' });
    expect(dry.json.plan.accounts.action, 'the account counts the kept credit record').to.equal('KEPT');
    expect((await stored(ids.rejected!)).customer.email, 'a dry run changes nothing').to.include(person);
    const byName = () =>
      new ApplicationListing(h.t.api.runtime.db)
        .list(h.partner.id, { search: `stastna radmila ${person}`, limit: 25 })
        .then((r) => r.items.map((x) => x._id).sort());
    expect(await byName(), "the portal's search finds the person by name").to.deep.equal([ids.rejected!, ids.approved!, ids.processing!].sort());

    expect((await runOps(h.t.config, ['customers', 'erase', '--email', `${person}@example.com`, '--yes-i-know-what-im-doing'])).code, 'no reason').to.equal(2);
    expect((await runOps(h.t.config, ['customers', 'erase', '--reason', 'x', '--yes-i-know-what-im-doing'])).code, 'no person').to.equal(2);

    const done = await runOps(h.t.config, [
      'customers',
      'erase',
      '--application',
      ids.rejected!,
      '--yes-i-know-what-im-doing',
      '--reason',
      'request 2026-11-29',
    ]);
    expect(done.code, done.stderr).to.equal(0);
    expect(done.json.result.anonymised, 'found by one application, the person is erased').to.equal(1);

    const rejected = await stored(ids.rejected!);
    expect(JSON.stringify(rejected)).not.to.include(person);
    expect(
      rejected.search.filter((t: string) => t.startsWith('n:')),
      'no name left in the search terms',
    ).to.deep.equal([]);
    expect(await byName(), 'the erased application is no longer found by name; the kept ones are').to.deep.equal([ids.approved!, ids.processing!].sort());
    expect(rejected.privacy).to.deep.include({ reason: 'erasure: request 2026-11-29', dataClass: 'NOT_FINANCED' });
    expect(rejected.state).to.equal('REJECTED');
    expect(rejected.order.totalPrice).to.deep.equal({ amount: 150000, currency: 'CZK' });
    expect((await stored(ids.approved!)).customer.email, 'the credit record is kept').to.include(person.toUpperCase());
    expect((await stored(ids.processing!)).customer.email).to.include(person);
    expect((await stored(ids.other!)).customer.email, 'another person is untouched').to.include(`someone-else-${person}`);

    const audit = await h.t.api.runtime.db.collection('ops_audit').find({ command: 'customers erase' }).toArray();
    expect(audit.map((a: any) => a.outcome)).to.include.members(['dry-run', 'applied']);
    expect(JSON.stringify(audit), 'the audit keeps a hash, never the e-mail').not.to.include(person);

    const again = await runOps(h.t.config, ['customers', 'erase', '--email', `${person}@example.com`, '--yes-i-know-what-im-doing', '--reason', 'again']);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.json.result.anonymised, 'nothing twice').to.equal(0);
    expect(again.json.result.found, 'the anonymised application no longer carries the e-mail').to.equal(2);
    const byId = await runOps(h.t.config, ['customers', 'erase', '--application', ids.rejected!]);
    expect(byId.json.plan.applications).to.have.length(1);
    expect(byId.json.plan.applications[0].action).to.equal('ALREADY_ANONYMISED');
  });
});
