import { expect } from 'chai';
import { appendEntries, appendEntry, HeadHints, HINT_MAX_AGE_MS, type SeqStore } from './events.append.js';
import type { NewFeedEntry } from './events.model.js';

/** A seeded generator, so that a failing interleaving can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * An in-memory store with the unique keys of the real one (partner+seq, webhook-id), where
 * every call yields to the event loop a random number of times before and after its atomic
 * step: writers and readers interleave at every await, as they can across processes.
 */
class InterleavingStore implements SeqStore {
  readonly bySeq = new Map<string, NewFeedEntry & { seq: number }>();
  readonly byWebhook = new Map<string, number>();
  readonly heads = new Map<string, number>();
  failNextRaise = false;

  constructor(private readonly random: () => number) {}

  private async shuffle(): Promise<void> {
    for (let i = Math.floor(this.random() * 4); i > 0; i--) await new Promise<void>((r) => setImmediate(r));
  }

  private async atomically<T>(step: () => T): Promise<T> {
    await this.shuffle();
    const out = step();
    await this.shuffle();
    return out;
  }

  seqOf(webhookId: string) {
    return this.atomically(() => this.byWebhook.get(webhookId) ?? null);
  }
  head(partnerId: string) {
    return this.atomically(() => this.heads.get(partnerId) ?? 0);
  }
  entry(partnerId: string, seq: number) {
    return this.atomically(() => this.bySeq.get(`${partnerId}:${seq}`));
  }

  insert(entry: NewFeedEntry, seq: number) {
    return this.atomically(() => {
      const key = `${entry.partnerId}:${seq}`;
      if (this.bySeq.has(key) || this.byWebhook.has(entry.webhookId)) return false;
      this.bySeq.set(key, { ...entry, seq });
      this.byWebhook.set(entry.webhookId, seq);
      return true;
    });
  }

  /** As the store's ordered bulk insert: one atomic insert after the other, others interleaving between them. */
  async insertRun(entries: NewFeedEntry[], firstSeq: number) {
    for (let i = 0; i < entries.length; i++) if (!(await this.insert(entries[i]!, firstSeq + i))) return i;
    return entries.length;
  }

  async raiseHead(partnerId: string, seq: number) {
    if (this.failNextRaise) {
      this.failNextRaise = false;
      throw new Error('crashed before raising the head');
    }
    await this.atomically(() => this.heads.set(partnerId, Math.max(this.heads.get(partnerId) ?? 0, seq)));
  }
}

const entry = (partnerId: string, webhookId: string): NewFeedEntry => ({
  partnerId,
  webhookId,
  type: 'application',
  applicationId: 'a',
  url: 'https://shop.example/hook',
  occurredAt: new Date(0),
  payload: '{}',
});

/** Pages like the service: never above the head read first; one entry at a time, so the pages are not snapshots. */
async function readAll(store: InterleavingStore, partnerId: string, done: () => boolean, seen: number[]): Promise<void> {
  let cursor = 0;
  for (;;) {
    const finished = done();
    const head = await store.head(partnerId);
    for (let s = cursor + 1; s <= head; s++) {
      const e = await store.entry(partnerId, s);
      if (!e) throw new Error(`entry ${s} missing below head ${head}`);
      seen.push(e.seq);
      cursor = s;
    }
    if (finished && cursor === head) return;
    await new Promise<void>((r) => setImmediate(r));
  }
}

describe('event feed append protocol (pure, interleaved in memory)', () => {
  for (const seed of [1, 7, 42, 2026, 99991]) {
    it(`when 13 writers in 3 processes (and one without hints) append 300 notifications of 2 partners (some twice) while readers page, then seqs are dense, each notification once, and readers miss none (seed ${seed})`, async () => {
      const store = new InterleavingStore(rng(seed));
      const random = rng(seed + 1);
      const work = Array.from({ length: 300 }, (_, i) => entry(i % 3 === 0 ? 'q' : 'p', `w${i}`));
      const queue = [...work, ...work.filter(() => random() < 0.2)]; // redeliveries
      let writing = true;
      const seenP: number[] = [];
      const seenQ: number[] = [];
      const readers = [readAll(store, 'p', () => !writing, seenP), readAll(store, 'q', () => !writing, seenQ)];
      // three processes of four writers, each process with its own head hints (which lag
      // behind the other processes' writes), and one writer without hints
      const processes = [new HeadHints(), new HeadHints(), new HeadHints()];
      // odd writers append runs of up to 5 notifications of one partner, as the projector's lanes do
      const writers = Array.from({ length: 13 }, async (_, w) => {
        for (let e = queue.shift(); e; e = queue.shift()) {
          if (w % 2 === 0) {
            await appendEntry(store, e, processes[w % 4]);
            continue;
          }
          const run = [e];
          for (
            let i = queue.findIndex((x) => x.partnerId === e.partnerId);
            i >= 0 && run.length < 1 + Math.floor(random() * 5);
            i = queue.findIndex((x) => x.partnerId === e.partnerId)
          ) {
            run.push(queue.splice(i, 1)[0]!);
          }
          await appendEntries(store, run, processes[w % 4]);
        }
      });
      await Promise.all(writers);
      writing = false;
      await Promise.all(readers);

      for (const [partner, seen] of [
        ['p', seenP],
        ['q', seenQ],
      ] as const) {
        const count = work.filter((w) => w.partnerId === partner).length;
        expect(
          [...store.bySeq.values()]
            .filter((e) => e.partnerId === partner)
            .map((e) => e.seq)
            .sort((a, b) => a - b),
        ).to.deep.equal(Array.from({ length: count }, (_, i) => i + 1));
        expect(seen).to.deep.equal(Array.from({ length: count }, (_, i) => i + 1));
      }
      expect(store.byWebhook.size).to.equal(300);
    });
  }

  it('when a writer dies between its insert and raising the head, then the redelivered message raises it and reports no new entry', async () => {
    const store = new InterleavingStore(rng(3));
    await appendEntry(store, entry('p', 'w1'));
    store.failNextRaise = true;
    await appendEntry(store, entry('p', 'w2')).catch(() => {});
    expect(await store.head('p')).to.equal(1); // written, not yet visible to readers
    const again = await appendEntry(store, entry('p', 'w2'));
    expect(again).to.include({ seq: 2, created: false });
    expect(await store.head('p')).to.equal(2);
    expect((await appendEntry(store, entry('p', 'w3'))).seq).to.equal(3);
  });

  it('when a run is written but its writer dies before raising the head, then the redelivered run raises it once, reports nothing new, and the next entry follows', async () => {
    const store = new InterleavingStore(rng(5));
    await appendEntry(store, entry('p', 'w1'));
    store.failNextRaise = true;
    const run = [entry('p', 'w2'), entry('p', 'w3'), entry('p', 'w4')];
    await appendEntries(store, run).catch(() => {});
    expect(await store.head('p')).to.equal(1);
    const again = await appendEntries(store, run);
    expect(again.map((a) => [a.seq, a.created])).to.deep.equal([
      [2, false],
      [3, false],
      [4, false],
    ]);
    expect(await store.head('p')).to.equal(4);
    expect((await appendEntries(store, [entry('p', 'w5'), entry('p', 'w6')])).map((a) => a.seq)).to.deep.equal([5, 6]);
  });

  it('when a run meets a seq another process took, then the entries before it keep their seqs and the rest move past it', async () => {
    const store = new InterleavingStore(rng(6));
    const hints = new HeadHints();
    await appendEntries(store, [entry('p', 'w1'), entry('p', 'w2')], hints);
    await appendEntry(store, entry('p', 'other'), new HeadHints()); // another process: seq 3, unknown to `hints`
    await store.insert(entry('p', 'later'), 4); // and one that has not raised the head yet
    const out = await appendEntries(store, [entry('p', 'w3'), entry('p', 'w4')], hints);
    expect(out.map((a) => [a.seq, a.created])).to.deep.equal([
      [5, true],
      [6, true],
    ]);
    expect(out[0]!.conflicts).to.be.greaterThan(0);
  });

  it("when the process wrote a partner's last entry, then the next append reads no head; once the hint is old, it reads it again", async () => {
    const store = new InterleavingStore(rng(5));
    let clock = 0;
    const hints = new HeadHints(() => clock);
    let headReads = 0;
    const head = store.head.bind(store);
    store.head = (partnerId: string) => {
      headReads++;
      return head(partnerId);
    };
    await appendEntry(store, entry('p', 'w1'), hints);
    expect(headReads).to.equal(1);
    expect((await appendEntry(store, entry('p', 'w2'), hints)).seq).to.equal(2);
    expect(headReads).to.equal(1);
    clock += HINT_MAX_AGE_MS;
    expect((await appendEntry(store, entry('p', 'w3'), hints)).seq).to.equal(3);
    expect(headReads).to.equal(2);
  });

  it("when another process wrote since the hint, then the insert conflicts and the writer goes on from the store's head", async () => {
    const store = new InterleavingStore(rng(6));
    const mine = new HeadHints();
    await appendEntry(store, entry('p', 'w1'), mine);
    await appendEntry(store, entry('p', 'w2'), new HeadHints());
    await appendEntry(store, entry('p', 'w3'), new HeadHints());
    const appended = await appendEntry(store, entry('p', 'w4'), mine);
    expect(appended).to.include({ seq: 4, created: true });
    expect(mine.get('p')).to.equal(4);
  });
});
