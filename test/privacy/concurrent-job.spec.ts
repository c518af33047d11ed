import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { applicationPrivacy } from '../../modules/applications/index.js';
import { sampleDoc } from '../applications/fixtures.js';
import { freshDatabasePerTest } from '../support/fresh-db.js';

const DAY = 86_400_000;
const QUIET = { info: () => {}, warn: () => {} };

/**
 * The retention job runs on every API instance with no leader: two passes at once over the
 * same due applications (on the real store) must anonymise each exactly once, each write
 * claimed by the version it read, and leave alone what is not yet due or still in progress.
 */
describe('the retention job on two instances at once', function () {
  this.timeout(60_000);
  const freshDb = freshDatabasePerTest('privacy_job');

  it('when two passes run at once over 120 due applications, then each is anonymised once (one version step), and nothing else is touched', async () => {
    const db = freshDb();
    const old = new Date(Date.UTC(2020, 0, 1));
    const docs = Array.from({ length: 120 }, (_, i) =>
      sampleDoc({
        _id: `app-${i}`,
        state: i % 2 ? 'REJECTED' : 'READY',
        stateReason: i % 2 ? 'REJECTED' : 'READY_PAID',
        ...(i % 2 ? {} : { decision: { outcome: 'APPROVED', rule: 'WITHIN_LIMITS', accountLevel: 'BASIC', decidedAt: old } }),
        customer: { fullName: `Person ${i}`, email: `person-${i}@example.com`, phone: '+420777123456', addresses: [] },
        updatedAt: old,
        createdAt: old,
      }),
    );
    const recent = sampleDoc({ _id: 'recent', state: 'REJECTED', stateReason: 'REJECTED', updatedAt: new Date(Date.UTC(2030, 0, 1) - DAY) });
    const deciding = sampleDoc({ _id: 'deciding', updatedAt: old });
    await db.collection('applications').insertMany([...docs, recent, deciding] as any[]);

    const clock = new ManualClock(Date.UTC(2030, 0, 1));
    const policy = { creditRecordsMs: 3650 * DAY, notFinancedMs: 180 * DAY };
    const one = applicationPrivacy(db, clock, policy, QUIET);
    const two = applicationPrivacy(db, clock, policy, QUIET);
    const [a, b] = await Promise.all([one.anonymiseDue(), two.anonymiseDue()]);

    expect(a.CREDIT_RECORD + b.CREDIT_RECORD, 'approved in 2020: their 3650 days are over in 2030').to.equal(60);
    expect(a.NOT_FINANCED + b.NOT_FINANCED).to.equal(60);
    const stored = await db.collection('applications').find({}).toArray();
    const byId = new Map(stored.map((d: any) => [d._id, d]));
    for (const d of docs) {
      const s = byId.get(d._id) as any;
      expect(s.version, `${d._id} written once`).to.equal(2);
      expect(s.customer.email).to.equal('anonymised@anonymised.invalid');
      expect(s.privacy.dataClass).to.equal(d.decision ? 'CREDIT_RECORD' : 'NOT_FINANCED');
    }
    expect((byId.get('recent') as any).privacy, 'not yet due').to.equal(undefined);
    expect((byId.get('deciding') as any).privacy, 'still in progress').to.equal(undefined);

    const again = await one.anonymiseDue();
    expect(again).to.deep.equal({ CREDIT_RECORD: 0, NOT_FINANCED: 0 });
  });
});
