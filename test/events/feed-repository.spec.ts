import { expect } from 'chai';
import { appendEntries } from '../../modules/events/events.append.js';
import type { NewFeedEntry } from '../../modules/events/events.model.js';
import { MongoFeedRepository } from '../../modules/events/events.repository.js';
import { freshDatabasePerTest } from '../support/fresh-db.js';

const entry = (webhookId: string): NewFeedEntry => ({
  partnerId: 'p',
  webhookId,
  type: 'application',
  applicationId: 'a',
  url: 'https://shop.example/hook',
  occurredAt: new Date(0),
  payload: '{}',
});

/** The store's side of a run of feed inserts: an ordered bulk insert that stops at the first taken key. */
describe('event feed store: runs of inserts', () => {
  const nextDb = freshDatabasePerTest('feed_runs');
  let repo: MongoFeedRepository;
  beforeEach(async () => {
    const db = nextDb();
    repo = new MongoFeedRepository(db);
    await MongoFeedRepository.createIndexes(db);
  });

  it('when no key is taken, then the whole run is inserted under consecutive seqs', async () => {
    expect(await repo.insertRun([entry('w1'), entry('w2'), entry('w3')], 1)).to.equal(3);
    expect((await repo.bySeqs('p', [1, 2, 3])).map((e) => e.webhookId)).to.deep.equal(['w1', 'w2', 'w3']);
  });

  it('when a seq in the middle is taken, then the entries before it are in and the count says how many', async () => {
    expect(await repo.insert(entry('other'), 3)).to.equal(true);
    expect(await repo.insertRun([entry('w1'), entry('w2'), entry('w3'), entry('w4')], 1)).to.equal(2);
    expect((await repo.bySeqs('p', [1, 2, 3, 4])).map((e) => e.webhookId)).to.deep.equal(['w1', 'w2', 'other']);
  });

  it('when a webhook-id of the run is recorded, then the run stops before it', async () => {
    expect(await repo.insert(entry('w2'), 7)).to.equal(true);
    expect(await repo.insertRun([entry('w1'), entry('w2'), entry('w3')], 1)).to.equal(1);
  });

  it('when a run is appended after a recorded notification, then seqs stay dense and the head ends at the last', async () => {
    await appendEntries(repo, [entry('w1'), entry('w2')]);
    const out = await appendEntries(repo, [entry('w2'), entry('w3'), entry('w4')]);
    expect(out.map((a) => [a.seq, a.created])).to.deep.equal([
      [2, false],
      [3, true],
      [4, true],
    ]);
    expect(await repo.head('p')).to.equal(4);
  });
});
