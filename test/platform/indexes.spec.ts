import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Db, Document } from 'mongodb';
import { MongoDeliveryRepository } from '../../modules/webhooks/index.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { QUERY_SHAPES, shapesTable, type QueryShape } from './query-shapes.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Whether an index with `key` answers `s`: its first keys are the shape's equality fields
 * (any order), and the next one is the sort's leading key (read forwards or backwards, the
 * directions of every sort key it holds agreeing) or, without a sort, the range field.
 * Sort keys past the index's (a tie-break) are sorted in memory among equal values.
 */
function serves(key: Record<string, number>, s: QueryShape): boolean {
  const fields = Object.keys(key);
  const dirs = Object.values(key);
  const n = s.equal.length;
  const prefix = fields.slice(0, n);
  if (prefix.length !== n || !s.equal.every((f) => prefix.includes(f))) return false;
  if (!s.sort) return !s.range || fields[n] === s.range;
  const sort = Object.entries(s.sort);
  if (fields[n] !== sort[0]![0] || (s.range && s.range !== sort[0]![0])) return false;
  const flip = Math.sign(dirs[n]! * sort[0]![1]);
  return sort.every(([f, d], i) => fields[n + i] !== f || Math.sign(dirs[n + i]! * d) === flip);
}

/** A file's lines without the comment lines (an example in a comment queries nothing). */
const codeLines = (rel: string) =>
  readFileSync(join(ROOT, rel), 'utf8')
    .split('\n')
    .filter((l) => !/^\s*(\*|\/\/|\/\*)/.test(l));

/** Production files that send a query or an update to the store (Array#find takes a function, not `{` or `filter`). */
function queryingFiles(): string[] {
  const call =
    /\.(find\((\{|filter\b)|findOne\(|findOneAndUpdate\(|updateOne\(|updateMany\(|deleteOne\(|deleteMany\(|replaceOne\(|bulkWrite\(|countDocuments\(|aggregate\(|distinct\()/;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(join(ROOT, rel)).isDirectory()) walk(rel);
      else if (rel.endsWith('.ts') && !rel.endsWith('.test.ts') && codeLines(rel).some((line) => call.test(line))) files.push(rel);
    }
  };
  for (const dir of ['api', 'modules', 'platform', 'relay']) walk(dir);
  return files.sort();
}

/** A filter of the shape's form (the values do not matter to a plan's choice of index). */
function sampleQuery(s: QueryShape): Document {
  const rangeValue = s.range === '_id' ? { $gt: '' } : s.range === 'seq' ? { $gt: 0 } : { $lte: new Date() };
  const filter = Object.fromEntries([...s.equal.map((f) => [f, 'x']), ...(s.range ? [[s.range, rangeValue]] : [])]);
  return { filter, ...(s.sort ? { sort: s.sort } : {}) };
}

function stagesOf(plan: Document | undefined, out: Document[] = []): Document[] {
  if (!plan) return out;
  out.push(plan);
  for (const child of [plan.inputStage, ...(plan.inputStages ?? []), plan.queryPlan].filter(Boolean)) stagesOf(child, out);
  return out;
}

describe('indexes: every query shape of the service has one', function () {
  this.timeout(60_000);
  let t: TestApi;
  let db: Db;

  before(async () => {
    t = await startTestApi();
    db = t.api.runtime.db;
    await MongoDeliveryRepository.createIndexes(db); // the relay's collection
  });

  after(async () => {
    await t?.stop();
  });

  it("when the services have started, then each shape's index exists and answers its filter and sort", async () => {
    const problems: string[] = [];
    for (const s of QUERY_SHAPES) {
      if (typeof s.index !== 'string') continue;
      for (const c of s.collections) {
        // every collection has `_id_` (listed only once the collection exists)
        const index = s.index === '_id_' ? { name: '_id_', key: { _id: 1 } } : (await db.collection(c).listIndexes().toArray()).find((i) => i.name === s.index);
        if (!index) problems.push(`${c}: no index ${s.index} (${s.what})`);
        else if (!serves(index.key, s))
          problems.push(`${c}: ${s.index} ${JSON.stringify(index.key)} does not answer ${JSON.stringify(sampleQuery(s))} (${s.what})`);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('when a shape names an index of other keys, then the check refuses it', () => {
    const bySymbol = QUERY_SHAPES.find((s) => s.index === 'partner_variable_symbol_newest')!;
    expect(serves({ partnerId: 1, 'order.number': 1, createdAt: -1 }, bySymbol)).to.equal(false);
    expect(serves({ partnerId: 1 }, bySymbol)).to.equal(false);
    expect(serves({ partnerId: 1, 'order.variableSymbols': 1, createdAt: 1 }, bySymbol)).to.equal(true); // read backwards
    expect(serves({ partnerId: 1, 'order.variableSymbols': 1, createdAt: 1, _id: -1 }, bySymbol)).to.equal(false);
  });

  it('when the store can explain a query, then no shape with an index is planned as a collection scan', async function () {
    const probe = await db.command({ explain: { find: 'applications', filter: { _id: 'x' } }, verbosity: 'queryPlanner' }).catch((err: Error) => err);
    if (probe instanceof Error) return this.skip(); // mongo-java-server has no explain
    const scans: string[] = [];
    for (const s of QUERY_SHAPES.filter((x) => typeof x.index === 'string')) {
      for (const c of s.collections) {
        const plan = await db.command({ explain: { find: c, ...sampleQuery(s) }, verbosity: 'queryPlanner' });
        const stages = stagesOf(plan.queryPlanner?.winningPlan).map((p) => String(p.stage));
        if (stages.includes('COLLSCAN') || !stages.some((st) => /IXSCAN|IDHACK|EXPRESS/.test(st)))
          scans.push(`${c} ${JSON.stringify(sampleQuery(s))}: ${stages.join(' < ')}`);
      }
    }
    expect(scans).to.deep.equal([]);
  });

  it('when a production file queries the store, then its shapes are listed', () => {
    const listed = new Set(QUERY_SHAPES.map((s) => s.by));
    const querying = queryingFiles();
    expect(
      querying.filter((f) => !listed.has(f)),
      'files whose queries are not in test/platform/query-shapes.ts',
    ).to.deep.equal([]);
    expect(
      [...listed].filter((f) => !querying.includes(f)),
      'listed files that query nothing',
    ).to.deep.equal([]);
  });

  it("when docs/operations.md lists the indexes, then its table is the shapes' own", () => {
    const doc = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
    expect(doc.includes(shapesTable()), `docs/operations.md should hold this table:\n${shapesTable()}`).to.equal(true);
  });
});
