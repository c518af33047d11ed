import type { ParseArgsOptionsConfig } from 'node:util';
import type { Db } from 'mongodb';
import type { Clock } from '../platform/clock.js';
import type { SecretBox } from '../platform/secret-box.js';
import type { Config } from '../config/index.js';
import type { Logger } from '../platform/logger.js';
import type { Runtime } from '../platform/runtime.js';

/**
 * What a verb acts on, in the order `ops --help` lists them. A later verb names its group;
 * a group shows in the help once it has a verb.
 */
export const GROUPS = {
  partners: 'partner accounts: create, change, disable, portal owner',
  keys: 'the keys the service signs with',
  ledger: 'the payments ledger and its lines',
  customers: "customers' personal data: erasure on request",
  data: 'stored data: personal data, retention',
  kafka: 'topics and messages: replay, reconcile',
  migrate: "the store's schema: versioned index builds and data changes",
} as const;
export type Group = keyof typeof GROUPS;

/**
 * What a verb needs opened before it runs: the store only (most administration), or the
 * whole runtime a service process opens (store, Kafka producer and topics, the outbox
 * publisher), for verbs that write events or messages.
 */
export type Needs = 'store' | 'runtime';

/** What a running verb is handed: the configuration, the clock and what it asked to open. */
export interface VerbContext {
  config: Config;
  logger: Logger;
  clock: Clock;
  db: Db;
  /** seals and opens the secrets kept in the store (the services' own master key) */
  secrets: SecretBox;
  /** present when the verb needs 'runtime' */
  runtime?: Runtime;
  /** standard input, whole (a password given with --password-stdin) */
  stdin(): Promise<string>;
}

export type Values = Record<string, string | boolean | undefined>;

export interface Verb {
  group: Group;
  name: string;
  /** one line for `ops --help` */
  summary: string;
  /** the options, as `ops <group> <verb> --help` prints them after the verb's name */
  usage: string;
  /** further lines of the verb's --help: what it changes, what it prints */
  details?: string;
  options: ParseArgsOptionsConfig;
  /** default 'store' */
  needs?: Needs;
  /** reads only: not audited (every other verb writes an audit record of each run) */
  readOnly?: true;
  /**
   * A verb that changes or removes what cannot be got back: it runs dry unless confirmed
   * (ops/confirm.ts adds the flags and decides).
   */
  destructive?: boolean;
  /** the answer, printed as JSON on stdout */
  run(ctx: VerbContext, values: Values): Promise<unknown>;
  /** the exit status an answer calls for (default 0): a check that found something exits 1 */
  exitCodeOf?(answer: unknown): number;
}

/** Bad usage or refused input: exit 2 with the message and the verb's usage. */
export class UsageError extends Error {}

/** A required string option. */
export function need(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`--${name} is required`);
  return v;
}

/** An optional string option. */
export function optional(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}
