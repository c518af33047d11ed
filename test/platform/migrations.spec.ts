import { expect } from 'chai';
import { MongoClient, type Db } from 'mongodb';
import { applyMigrations, migrationStatus, pendingMigrations, MIGRATION_LEASE_COLLECTION, type Migration } from '../../platform/migrations.js';
import { uniqueSuffix } from '../support/config.js';

/** A step that counts its runs in the store and takes a while, so runners overlap. */
function countingStep(id: string, runs: Map<string, number>, ms = 150): Migration {
  return {
    id,
    description: `counts ${id}`,
    up: async (db) => {
      runs.set(id, (runs.get(id) ?? 0) + 1);
      await db.collection('migration_probe').updateOne({ _id: id as any }, { $inc: { runs: 1 } }, { upsert: true });
      await new Promise((r) => setTimeout(r, ms));
    },
  };
}

describe('migrations: versioned steps under a lease, against the real store', () => {
  const clients: MongoClient[] = [];
  let name: string;
  const dbs = (): Db[] => clients.map((c) => c.db(name));

  before(async () => {
    for (let i = 0; i < 3; i++) {
      const c = new MongoClient(process.env.MONGO_URL!, { retryWrites: false });
      await c.connect();
      clients.push(c);
    }
  });
  beforeEach(() => {
    name = `migrations_${uniqueSuffix()}`;
  });
  afterEach(async () => {
    await clients[0]!.db(name).dropDatabase();
  });
  after(async () => {
    for (const c of clients) await c.close();
  });

  it('three runners started together apply each step once, and all three finish', async () => {
    const runs = new Map<string, number>();
    const list = ['t-0001-a', 't-0002-b', 't-0003-c'].map((id) => countingStep(id, runs));
    const results = await Promise.all(dbs().map((db, i) => applyMigrations(db, list, { owner: `runner-${i}`, pollMs: 20 })));

    expect([...runs.values()]).to.deep.equal([1, 1, 1]);
    const probe = await dbs()[0]!.collection('migration_probe').find({}).sort({ _id: 1 }).toArray();
    expect(probe.map((d) => d.runs)).to.deep.equal([1, 1, 1]);
    // one runner did the work; the others found it applied
    expect(results.flatMap((r) => r.applied).sort()).to.deep.equal(['t-0001-a', 't-0002-b', 't-0003-c']);
    expect(results.filter((r) => r.applied.length > 0)).to.have.length(1);
    expect(await pendingMigrations(dbs()[0]!, list)).to.deep.equal([]);
    expect(await dbs()[0]!.collection(MIGRATION_LEASE_COLLECTION).countDocuments()).to.equal(0);
  });

  it('a step that fails leaves the steps before it recorded and the lease free; a re-run finishes', async () => {
    const runs = new Map<string, number>();
    let fail = true;
    const flaky: Migration = {
      id: 't-0002-flaky',
      description: 'fails on its first run',
      up: async (db) => {
        runs.set('t-0002-flaky', (runs.get('t-0002-flaky') ?? 0) + 1);
        await db.collection('migration_probe').insertOne({ half: true });
        if (fail) throw new Error('store went away mid-step');
      },
    };
    const list = [countingStep('t-0001-a', runs, 0), flaky, countingStep('t-0003-c', runs, 0)];
    const [db] = dbs();

    let error: unknown;
    await applyMigrations(db!, list).catch((err) => (error = err));
    expect(String(error)).to.contain('mid-step');
    expect(await pendingMigrations(db!, list)).to.deep.equal(['t-0002-flaky', 't-0003-c']);

    fail = false;
    // no wait for the failed runner's lease: it released it
    const started = Date.now();
    const result = await applyMigrations(db!, list, { waitMs: 2000 });
    expect(Date.now() - started).to.be.below(2000);
    expect(result.applied).to.deep.equal(['t-0002-flaky', 't-0003-c']);
    expect(Object.fromEntries(runs)).to.deep.equal({ 't-0001-a': 1, 't-0002-flaky': 2, 't-0003-c': 1 });
    const status = await migrationStatus(db!, list);
    expect(status.every((s) => s.appliedAt instanceof Date)).to.equal(true);
  });

  it("a dead runner's lease is taken over once it expired, not before", async () => {
    const [db] = dbs();
    const runs = new Map<string, number>();
    const list = [countingStep('t-0001-a', runs, 0)];
    await db!.collection(MIGRATION_LEASE_COLLECTION).insertOne({ _id: 'migrate' as any, owner: 'dead', expiresAt: new Date(Date.now() + 600) });

    let error: unknown;
    await applyMigrations(db!, list, { waitMs: 200, pollMs: 20 }).catch((err) => (error = err));
    expect(String(error)).to.contain('still held');
    expect(runs.size).to.equal(0);

    await applyMigrations(db!, list, { waitMs: 3000, pollMs: 50 });
    expect(runs.get('t-0001-a')).to.equal(1);
  });

  it('refuses a list that declares an id twice', async () => {
    const runs = new Map<string, number>();
    const list = [countingStep('t-0001-a', runs, 0), countingStep('t-0001-a', runs, 0)];
    let error: unknown;
    await applyMigrations(dbs()[0]!, list).catch((err) => (error = err));
    expect(String(error)).to.contain('declared twice');
  });
});
