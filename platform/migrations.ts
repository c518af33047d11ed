import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Collection, CreateIndexesOptions, Db, IndexSpecification } from 'mongodb';
import { isDuplicateKey } from './mongo.js';

/**
 * A versioned change to the store: an index build or a data change, applied once per
 * database and recorded in `schema_migrations` under its id. A step must be safe to run
 * again after it failed half-way (index builds are; a data change filters on what it has
 * not done yet), because a step is recorded only once it has finished: a runner that dies
 * mid-step leaves it unrecorded, and the next run does it again from the start.
 */
export interface Migration {
  /** stable and unique across every module: `<module>-<nnnn>-<what>`; never renamed once shipped */
  id: string;
  description: string;
  up(db: Db): Promise<void>;
}

export const MIGRATIONS_COLLECTION = 'schema_migrations';
export const MIGRATION_LEASE_COLLECTION = 'schema_migrations_lease';
const LEASE_ID = 'migrate';

interface AppliedDoc {
  _id: string;
  description: string;
  appliedAt: Date;
  durationMs: number;
  by: string;
}

interface LeaseDoc {
  _id: string;
  owner: string;
  expiresAt: Date;
}

/** An index build as a step: each spec is `createIndex(key, options)` on `collection`. */
export function indexStep(id: string, description: string, builds: Record<string, { key: IndexSpecification; options?: CreateIndexesOptions }[]>): Migration {
  return {
    id,
    description,
    up: async (db) => {
      for (const [collection, specs] of Object.entries(builds)) {
        for (const { key, options } of specs) await db.collection(collection).createIndex(key, options ?? {});
      }
    },
  };
}

export interface MigrationState {
  id: string;
  description: string;
  appliedAt?: Date;
}

/** Every step in `list` with when it was applied (none: pending), in the list's order. */
export async function migrationStatus(db: Db, list: readonly Migration[]): Promise<MigrationState[]> {
  const applied = await appliedIds(db);
  return list.map((m) => ({ id: m.id, description: m.description, ...(applied.has(m.id) ? { appliedAt: applied.get(m.id)! } : {}) }));
}

/** The ids in `list` not yet applied, in order; empty when the store is ready for this code. */
export async function pendingMigrations(db: Db, list: readonly Migration[]): Promise<string[]> {
  const applied = await appliedIds(db);
  return list.filter((m) => !applied.has(m.id)).map((m) => m.id);
}

async function appliedIds(db: Db): Promise<Map<string, Date>> {
  const docs = await db
    .collection<AppliedDoc>(MIGRATIONS_COLLECTION)
    .find({}, { projection: { _id: 1, appliedAt: 1 } })
    .toArray();
  return new Map(docs.map((d) => [d._id, d.appliedAt]));
}

export interface ApplyOptions {
  /** who holds the lease (logs, the record of each step); defaults to host:pid:random */
  owner?: string;
  /** how long the lease lasts without a renewal; renewed every third of it while steps run */
  leaseMs?: number;
  /** how long to wait for another runner's lease before giving up */
  waitMs?: number;
  /** between attempts to take a held lease */
  pollMs?: number;
  onStep?(id: string, durationMs: number): void;
}

export interface ApplyResult {
  /** the steps this runner applied (others found applied are not listed) */
  applied: string[];
  owner: string;
}

/**
 * Applies the pending steps of `list`, in order, under the store-wide lease: runners
 * started together (three pods' Jobs, `npm start` beside a test) queue on the lease, and
 * the one that gets it after another finished finds nothing left to do. The lease is
 * renewed while a step runs; a runner whose lease was taken over (it stalled past the
 * expiry) stops before its next step rather than run beside the new holder.
 */
export async function applyMigrations(db: Db, list: readonly Migration[], opts: ApplyOptions = {}): Promise<ApplyResult> {
  assertUniqueIds(list);
  const owner = opts.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? 60_000;
  const lease = new Lease(db.collection<LeaseDoc>(MIGRATION_LEASE_COLLECTION), owner, leaseMs);
  await lease.acquire(opts.waitMs ?? 10 * 60_000, opts.pollMs ?? 250);
  const renewal = setInterval(() => void lease.renew(), Math.max(50, Math.floor(leaseMs / 3)));
  const applied: string[] = [];
  try {
    const records = db.collection<AppliedDoc>(MIGRATIONS_COLLECTION);
    // read under the lease: what a runner before us applied is not applied again
    const done = await appliedIds(db);
    for (const m of list) {
      if (done.has(m.id)) continue;
      if (!(await lease.held())) throw new Error(`migration lease lost before ${m.id}; run migrate again`);
      const started = Date.now();
      await m.up(db);
      const durationMs = Date.now() - started;
      await records.insertOne({ _id: m.id, description: m.description, appliedAt: new Date(), durationMs, by: owner }).catch((err) => {
        if (!isDuplicateKey(err)) throw err;
      });
      applied.push(m.id);
      opts.onStep?.(m.id, durationMs);
    }
  } finally {
    clearInterval(renewal);
    await lease.release().catch(() => {});
  }
  return { applied, owner };
}

function assertUniqueIds(list: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const m of list) {
    if (seen.has(m.id)) throw new Error(`migration id ${m.id} is declared twice`);
    seen.add(m.id);
  }
}

/** One document: whoever holds it with an unexpired `expiresAt` runs the steps. */
class Lease {
  constructor(
    private readonly collection: Collection<LeaseDoc>,
    private readonly owner: string,
    private readonly leaseMs: number,
  ) {}

  async acquire(waitMs: number, pollMs: number): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await this.tryTake()) return;
      if (Date.now() > deadline) throw new Error(`migration lease still held by another runner after ${waitMs} ms`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  private async tryTake(): Promise<boolean> {
    const expiresAt = new Date(Date.now() + this.leaseMs);
    try {
      await this.collection.insertOne({ _id: LEASE_ID, owner: this.owner, expiresAt });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    // held: take it over only if it expired (its holder died or stalled)
    const r = await this.collection.updateOne({ _id: LEASE_ID, expiresAt: { $lte: new Date() } }, { $set: { owner: this.owner, expiresAt } });
    return r.modifiedCount === 1;
  }

  async renew(): Promise<void> {
    await this.collection.updateOne({ _id: LEASE_ID, owner: this.owner }, { $set: { expiresAt: new Date(Date.now() + this.leaseMs) } }).catch(() => {});
  }

  async held(): Promise<boolean> {
    const doc = await this.collection.findOne({ _id: LEASE_ID });
    return doc?.owner === this.owner && doc.expiresAt.getTime() > Date.now();
  }

  async release(): Promise<void> {
    await this.collection.deleteOne({ _id: LEASE_ID, owner: this.owner });
  }
}

/**
 * What a service (the API, the relay) knows of the store's schema: the steps it needs that
 * are not applied yet. While any is missing, readiness answers 503 `NOT_READY` naming them
 * and requests other than health get a retryable 503; `whenApplied` polls until the
 * migration Job (`ops migrate apply`) has applied them.
 */
export class MigrationGate {
  private missing: string[] | undefined;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private wake?: () => void;

  constructor(
    private readonly db: Db,
    readonly list: readonly Migration[],
    private readonly pollMs = 2_000,
  ) {}

  /** undefined until the first check; then the ids still missing (empty: ready) */
  get pending(): readonly string[] {
    return this.missing ?? this.list.map((m) => m.id);
  }

  get ready(): boolean {
    return this.missing !== undefined && this.missing.length === 0;
  }

  async check(): Promise<readonly string[]> {
    this.missing = await pendingMigrations(this.db, this.list);
    return this.missing;
  }

  /**
   * Resolves true once every step is applied (checking every pollMs), false if stopped
   * first. The gate stays shut until `open`: the caller starts what needed the steps first.
   */
  async whenApplied(onWait?: (missing: readonly string[]) => void): Promise<boolean> {
    for (;;) {
      if (this.stopped) return false;
      const missing = await pendingMigrations(this.db, this.list).catch(() => undefined);
      if (missing?.length === 0) return true;
      if (missing) {
        this.missing = missing;
        onWait?.(missing);
      }
      await new Promise<void>((r) => {
        this.wake = r;
        this.timer = setTimeout(r, this.pollMs);
      });
    }
  }

  /** Ready: called once what needed the steps has started. */
  open(): void {
    this.missing = [];
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
  }

  /** The readiness answer's error record while steps are missing. */
  notReadyMessage(): string {
    return `The store's schema is not migrated yet; missing: ${this.pending.join(', ')}. Run \`ops migrate apply\` (the migration Job).`;
  }
}

/**
 * A service's gate at start. mode apply (local, tests): applies what is pending under the
 * store's lease first, as `ops migrate apply` would; check (production): only looks, and
 * what is missing keeps the service NOT_READY until the migration Job has run.
 */
export async function openMigrationGate(
  db: Db,
  list: readonly Migration[],
  mode: 'apply' | 'check',
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void },
): Promise<MigrationGate> {
  const gate = new MigrationGate(db, list);
  if (mode === 'apply') {
    const { applied } = await applyMigrations(db, list);
    if (applied.length) logger.info({ applied }, 'store migrations applied');
  }
  const missing = await gate.check();
  if (missing.length) logger.warn({ missing }, 'store migrations missing: not ready until `ops migrate apply` has run');
  return gate;
}
