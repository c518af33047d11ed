import { expect } from 'chai';
import { InMemoryVersionedStore } from './versioned-store.fake.js';
import type { Versioned } from './versioned-store.js';
import type { OutboxEntry } from './outbox.js';
import { JOURNAL_LIMIT, journalEntriesWithin } from './outbox-journal.js';

interface Thing extends Versioned {
  n: number;
}

const t0 = Date.parse('2030-01-01T00:00:00Z');
const entry = (i: number): OutboxEntry => ({ id: `e${i}`, topic: 'things', key: 'k', value: `{"i":${i}}`, createdAt: new Date(t0 + i * 1000) });

describe('the outbox journal', () => {
  it('when writes put entries in the outbox, then the document keeps the last JOURNAL_LIMIT of them in order, and what a write hands back leaves it out', async () => {
    const store = new InMemoryVersionedStore<Thing>();
    const inserted = await store.insert({ _id: 't', n: 0 }, [entry(0)]);
    expect(inserted).to.not.have.property('journal');
    let i = 1;
    while (i < JOURNAL_LIMIT + 20) {
      const current = store.get('t')!;
      expect(current).to.not.have.property('journal');
      const written = await store.update(current, { set: { n: i }, entries: [entry(i), entry(i + 1)] });
      expect(written).to.not.have.property('journal');
      i += 2;
    }
    await store.update(store.get('t')!, { set: { n: -1 }, entries: [] });
    const journal = store.journal('t');
    expect(journal).to.have.length(JOURNAL_LIMIT);
    expect(journal.at(-1)!.id).to.equal(`e${i - 1}`);
    expect(journal[0]!.id).to.equal(`e${i - JOURNAL_LIMIT}`);
  });

  it('when a window is asked for, then exactly the entries made within [since, until) are given', () => {
    const journal = [0, 1, 2, 3].map(entry);
    const within = journalEntriesWithin(journal, new Date(t0 + 1000), new Date(t0 + 3000));
    expect(within.map((e) => e.id)).to.deep.equal(['e1', 'e2']);
    expect(journalEntriesWithin(undefined, new Date(0), new Date(t0))).to.deep.equal([]);
  });
});
