import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { PERSONAL_DATA_KEYS } from './logger.js';
import type { Collection, Db } from 'mongodb';
import { newId } from './ids.js';

/**
 * What an operator did to the service's data, kept in the store (`ops_audit`) beside the data
 * it changed: who, when, which command with which options (never a password or a secret),
 * the reason given, and how it ended. Written by the operators' program for every command
 * that changes something, whether it succeeded, failed or only ran dry.
 */
export interface AuditRecord {
  _id: string;
  at: Date;
  operator: string;
  command: string;
  options: Record<string, unknown>;
  reason?: string;
  outcome: 'applied' | 'dry-run' | 'refused' | 'failed';
  error?: string;
}

/** Option names whose values are never kept (they are, or carry, secrets). */
const SECRET_OPTION = /password|secret|token|key|stdin/i;

/**
 * A customer's personal data given as an option (`customers erase --email`) is kept as a
 * hash: the record still shows that two runs were about the same person, and the audit
 * collection, kept for good, never holds the data the command erased.
 */
const PERSONAL_OPTION = new Set<string>(PERSONAL_DATA_KEYS);

export function auditOptions(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([k, v]) => v !== undefined && k !== 'help' && k !== 'reason')
      .map(([k, v]) => [
        k,
        SECRET_OPTION.test(k) && typeof v === 'string' ? '[redacted]' : PERSONAL_OPTION.has(k) && typeof v === 'string' ? personalHash(v) : v,
      ]),
  );
}

function personalHash(v: string): string {
  return `sha256:${createHash('sha256').update(v.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

export function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

export class OpsAudit {
  private readonly records: Collection<AuditRecord>;

  constructor(db: Db) {
    this.records = db.collection<AuditRecord>('ops_audit');
  }

  async write(r: Omit<AuditRecord, '_id'>): Promise<void> {
    await this.records.insertOne({ _id: newId(), ...r });
  }

  /** Newest first (ids are UUIDv7: time-ordered), optionally from a time or of one command. */
  list(q: { since?: Date; command?: string; limit: number }): Promise<AuditRecord[]> {
    return this.records
      .find({ ...(q.since ? { at: { $gte: q.since } } : {}), ...(q.command ? { command: q.command } : {}) }, { sort: { _id: -1 }, limit: q.limit })
      .toArray();
  }
}
