import type { Collection, Db, Filter } from 'mongodb';
import { countMatching } from '../../../platform/mongo.js';
import type { ApplicationDoc, ApplicationState, StateReason } from '../application.model.js';
import type { FinancingType } from '../../order-rules/index.js';
import { searchQueryOf } from '../search-terms.js';

/** What a list of a partner's applications may be narrowed by (the portal's filters and search). */
export interface ApplicationListQuery {
  state?: ApplicationState;
  stateReason?: StateReason;
  type?: FinancingType;
  createdFrom?: Date;
  /** exclusive */
  createdTo?: Date;
  /**
   * an order number, a variable symbol or a customer e-mail (exact), or the customer's name
   * (words in any order, each the start of a word of the name) or a part of the order
   * number (three characters or more), case and diacritics ignored
   */
  search?: string;
  /** newest first; `after` an application of the list (older ones), `before` one (newer ones) */
  after?: { createdAt: Date; id: string };
  before?: { createdAt: Date; id: string };
  limit: number;
}

/** One row of the list: what the list shows, not the whole application. */
export type ApplicationListItem = Pick<ApplicationDoc, '_id' | 'state' | 'stateReason' | 'type' | 'createdAt'> & {
  order: Pick<ApplicationDoc['order'], 'number' | 'totalPrice' | 'variableSymbols'>;
  customer: Pick<ApplicationDoc['customer'], 'email' | 'firstName' | 'lastName' | 'fullName'>;
};

/** A term held by at most this many of the partner's applications is walked without counting the rest. */
const RARE_TERM = 500;
const MAX_COUNTED = 4;
/** How many of the partner's newest applications tell which runs are common (commonRuns). */
const COMMON_SAMPLE = 50;
/** How long, and how many, order-number runs' counts are kept (termCount). */
const RUN_COUNT_TTL_MS = 10 * 60_000;
const RUN_COUNTS_KEPT = 10_000;

const PROJECTION = {
  _id: 1,
  state: 1,
  stateReason: 1,
  type: 1,
  createdAt: 1,
  'order.number': 1,
  'order.totalPrice': 1,
  'order.variableSymbols': 1,
  'customer.email': 1,
  'customer.firstName': 1,
  'customer.lastName': 1,
  'customer.fullName': 1,
} as const;

/**
 * The partner's applications as a list, newest first, paged by (createdAt, _id). Every
 * shape of the query has an index that starts with partnerId and ends with createdAt, _id,
 * so MongoDB walks the partner's matching entries in list order and stops at the page's
 * end: no scan of the collection, no in-memory sort. A search is an exact match of one of
 * three keys (order number, variable symbol, customer e-mail), each with its own index, or
 * the search terms of the name or the order number (search-terms.ts) through theirs.
 */
export class ApplicationListing {
  private readonly applications: Collection<ApplicationDoc>;
  /** partnerId|term → count and when it was counted (performance.now()); oldest first */
  private readonly runCounts = new Map<string, { n: number; at: number }>();

  constructor(db: Db) {
    this.applications = db.collection<ApplicationDoc>('applications');
  }

  /** Built by the applications module's migration. */
  static async createIndexes(db: Db): Promise<void> {
    const applications = db.collection('applications');
    const tail = { createdAt: -1, _id: -1 } as const;
    await Promise.all([
      applications.createIndex({ partnerId: 1, ...tail }, { name: 'list_partner_newest' }),
      applications.createIndex({ partnerId: 1, state: 1, ...tail }, { name: 'list_partner_state_newest' }),
      applications.createIndex({ partnerId: 1, stateReason: 1, ...tail }, { name: 'list_partner_reason_newest' }),
      applications.createIndex({ partnerId: 1, type: 1, ...tail }, { name: 'list_partner_type_newest' }),
      applications.createIndex({ partnerId: 1, 'customer.email': 1, ...tail }, { name: 'list_partner_email_newest' }),
    ]);
  }

  /** The search terms' index (multikey: one entry per term); built by the migration that fills the terms. */
  static async createSearchIndex(db: Db): Promise<void> {
    await db.collection('applications').createIndex({ partnerId: 1, search: 1, createdAt: -1, _id: -1 }, { name: 'list_partner_search_newest' });
  }

  private filter(partnerId: string, q: Omit<ApplicationListQuery, 'after' | 'before' | 'limit'>): Filter<ApplicationDoc> {
    const f: Filter<ApplicationDoc> = { partnerId };
    if (q.state) f.state = q.state;
    if (q.stateReason) f.stateReason = q.stateReason;
    if (q.type) f.type = q.type;
    if (q.createdFrom || q.createdTo) f.createdAt = { ...(q.createdFrom ? { $gte: q.createdFrom } : {}), ...(q.createdTo ? { $lt: q.createdTo } : {}) };
    return f;
  }

  /**
   * A search is one query per key, each through that key's own index, merged here: a single
   * query with `$or` is planned clause by clause on MongoDB, but a store that plans only one
   * index per query would walk every application of the partner to find the one it names.
   */
  private async searches(partnerId: string, s: string): Promise<Array<Filter<ApplicationDoc>>> {
    const emails = s.toLowerCase() !== s ? { $in: [s, s.toLowerCase()] } : s;
    const out: Array<Filter<ApplicationDoc>> = [{ 'order.number': s }, { 'order.variableSymbols': s }, { 'customer.email': emails }];
    const { nameTerms, orderRuns, orderPart } = searchQueryOf(s);
    if (nameTerms.length) out.push(await this.byTerms(partnerId, nameTerms, []));
    if (orderPart && orderRuns.length) {
      const common = orderRuns.length > 1 ? await this.commonRuns(partnerId) : new Set<string>();
      out.push(await this.byTerms(partnerId, orderRuns, [{ 'order.number': new RegExp(escapeRegex(orderPart), 'i') }], common));
    }
    return out;
  }

  /**
   * All of `terms`, read through the index by one the partner's applications hold rarely,
   * the others and `checks` matched on the documents the walk meets: a common run such as
   * "202" of "2026" is not the one walked when the text has a rarer one. Counting a term
   * reads its index entries, so a common term costs its count: terms known to be `common`
   * are not counted, the rest are counted from the text's end (where an order number
   * varies, and a name's last word is), one at a time, and the first rare one is taken; at
   * most four are counted. When every term is common, the text most likely is too, and the
   * walk of its last term meets matches at once.
   */
  private async byTerms(
    partnerId: string,
    terms: string[],
    checks: Array<Filter<ApplicationDoc>>,
    common = new Set<string>(),
  ): Promise<Filter<ApplicationDoc>> {
    let walked = terms[terms.length - 1]!;
    const counted = [...terms].reverse().filter((t) => !common.has(t));
    if (terms.length > 1 && counted.length) {
      let fewest = Number.POSITIVE_INFINITY;
      for (const t of counted.slice(0, MAX_COUNTED)) {
        const n = await this.termCount(partnerId, t);
        if (n < fewest) [fewest, walked] = [n, t];
        if (n <= RARE_TERM) break;
      }
    }
    const others = terms.filter((t) => t !== walked).map((t) => ({ search: t }) as Filter<ApplicationDoc>);
    return { search: walked, ...(others.length || checks.length ? { $and: [...others, ...checks] } : {}) } as Filter<ApplicationDoc>;
  }

  /**
   * The order-number runs that half or more of the partner's newest applications hold (a
   * sample of 50, read newest first through the list's own index): the shop's prefix and
   * year, which every number repeats and whose count would read all of the partner's entries.
   */
  private async commonRuns(partnerId: string): Promise<Set<string>> {
    const sample = await this.applications
      .find({ partnerId }, { projection: { _id: 0, search: 1 } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(COMMON_SAMPLE)
      .toArray();
    const seen = new Map<string, number>();
    for (const doc of sample) for (const t of doc.search ?? []) if (t.startsWith('o:')) seen.set(t, (seen.get(t) ?? 0) + 1);
    return new Set([...seen].filter(([, n]) => n * 2 >= sample.length && sample.length >= 10).map(([t]) => t));
  }

  /**
   * How many of the partner's applications hold the term. An order-number run's count is
   * kept for a few minutes: it only chooses which term is walked (a stale count costs time,
   * never a wrong answer), and a run every number holds ("202" of this year) costs a read of
   * all the partner's index entries each time it is counted. Name terms are not kept: they
   * are personal data, and rare enough to count cheaply.
   */
  private async termCount(partnerId: string, term: string): Promise<number> {
    const keep = term.startsWith('o:');
    const key = `${partnerId}|${term}`;
    const kept = keep ? this.runCounts.get(key) : undefined;
    if (kept && performance.now() - kept.at < RUN_COUNT_TTL_MS) return kept.n;
    const n = await countMatching(this.applications, { partnerId, search: term } as Filter<ApplicationDoc>);
    if (keep) {
      this.runCounts.delete(key);
      if (this.runCounts.size >= RUN_COUNTS_KEPT) this.runCounts.delete(this.runCounts.keys().next().value!);
      this.runCounts.set(key, { n, at: performance.now() });
    }
    return n;
  }

  /** A page of the list and whether more follow in its direction. */
  async list(partnerId: string, q: ApplicationListQuery): Promise<{ items: ApplicationListItem[]; more: boolean }> {
    const f = this.filter(partnerId, q);
    const cursor = q.after ?? q.before;
    const older = q.before === undefined;
    if (cursor) {
      const cmp = older ? '$lt' : '$gt';
      const page = { $or: [{ createdAt: { [cmp]: cursor.createdAt } }, { createdAt: cursor.createdAt, _id: { [cmp]: cursor.id } }] };
      f.$and = [page as Filter<ApplicationDoc>];
    }
    const dir = older ? -1 : 1;
    const read = (filter: Filter<ApplicationDoc>) =>
      this.applications
        .find(filter, { projection: PROJECTION })
        .sort({ createdAt: dir, _id: dir })
        .limit(q.limit + 1)
        .toArray() as unknown as Promise<ApplicationListItem[]>;
    const both = (key: Filter<ApplicationDoc>): Filter<ApplicationDoc> => {
      const and = [...(f.$and ?? []), ...((key.$and as Array<Filter<ApplicationDoc>> | undefined) ?? [])];
      return { ...f, ...key, ...(and.length ? { $and: and } : {}) } as Filter<ApplicationDoc>;
    };
    const rows = q.search
      ? mergeInOrder(await Promise.all((await this.searches(partnerId, q.search)).map((key) => read(both(key)))), dir, q.limit + 1)
      : await read(f);
    const more = rows.length > q.limit;
    const items = rows.slice(0, q.limit);
    return { items: older ? items : items.reverse(), more };
  }

  /** How many of the partner's applications are in each state (counted from the state index). */
  async counts(partnerId: string): Promise<Record<ApplicationState, number>> {
    const states: ApplicationState[] = ['PROCESSING', 'READY', 'REJECTED', 'CANCELLED'];
    const n = await Promise.all(states.map((state) => countMatching(this.applications, { partnerId, state })));
    return Object.fromEntries(states.map((s, i) => [s, n[i]])) as Record<ApplicationState, number>;
  }

  /** The list position of one of the partner's applications (a cursor), or null. */
  async position(partnerId: string, id: string): Promise<{ createdAt: Date; id: string } | null> {
    const doc = await this.applications.findOne({ _id: id, partnerId }, { projection: { createdAt: 1 } });
    return doc ? { createdAt: doc.createdAt, id: doc._id } : null;
  }
}

/** Rows of several pages read in the same order, merged in that order without repeats: the first `limit`. */
function mergeInOrder(pages: ApplicationListItem[][], dir: 1 | -1, limit: number): ApplicationListItem[] {
  const byId = new Map<string, ApplicationListItem>();
  for (const row of pages.flat()) byId.set(row._id, row);
  const cmp = (a: ApplicationListItem, b: ApplicationListItem) =>
    dir * (a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return [...byId.values()].sort(cmp).slice(0, limit);
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
