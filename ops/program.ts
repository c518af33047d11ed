import { parseArgs } from 'node:util';
import { AppError } from '../platform/errors.js';
import { auditOptions, operatorName, OpsAudit, type AuditRecord } from '../platform/audit.js';
import { ConfigError } from '../config/index.js';
import { DESTRUCTIVE_OPTIONS } from './confirm.js';
import { groupHelp, programHelp, verbHelp } from './help.js';
import { GROUPS, UsageError, type Group, type Needs, type Values, type Verb, type VerbContext } from './verb.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  stdin(): Promise<string>;
}

/** What a verb runs in, opened for it and closed after it. */
export interface Session {
  ctx: Omit<VerbContext, 'stdin'>;
  close(): Promise<void>;
}

export interface ProgramDeps {
  verbs: readonly Verb[];
  /** loads the configuration and opens what the verb needs (throws ConfigError on bad settings) */
  open(needs: Needs): Promise<Session>;
  io: Io;
}

const HELP = new Set(['--help', '-h', 'help']);
const EX_CONFIG = 78;

/**
 * The operators' program: `ops <group> <verb> [options]`. Finds the verb, parses its
 * options, opens what it needs, runs it and prints its answer as JSON. Help needs no
 * configuration and opens nothing. Returns the exit code; an unexpected error is thrown.
 */
export async function runProgram(argv: readonly string[], deps: ProgramDeps): Promise<number> {
  const { verbs, io } = deps;
  const [groupName, verbName, ...rest] = argv;
  if (groupName === undefined || HELP.has(groupName)) return help(io, programHelp(verbs), groupName !== undefined);
  if (!(groupName in GROUPS)) return refuse(io, `unknown group ${groupName}${elsewhere(verbs, groupName)}`, programHelp(verbs));
  const group = groupName as Group;
  if (verbName === undefined || HELP.has(verbName)) return help(io, groupHelp(group, verbs), verbName !== undefined);
  const verb = verbs.find((v) => v.group === group && v.name === verbName);
  if (!verb) return refuse(io, `unknown verb ${group} ${verbName}${elsewhere(verbs, verbName)}`, groupHelp(group, verbs));
  let values: Values;
  try {
    values = parseArgs({
      args: rest,
      options: { ...verb.options, ...(verb.destructive ? DESTRUCTIVE_OPTIONS : {}), help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (err) {
    return refuse(io, (err as Error).message, verbHelp(verb));
  }
  if (values.help) return help(io, verbHelp(verb), true);
  return runVerb(verb, values, deps);
}

async function runVerb(verb: Verb, values: Values, { open, io }: ProgramDeps): Promise<number> {
  let session: Session;
  try {
    session = await open(verb.needs ?? 'store');
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(`ops: ${err.message}\n`);
    return EX_CONFIG;
  }
  const audit = verb.readOnly ? undefined : auditor(verb, values, session);
  try {
    const answer = await verb.run({ ...session.ctx, stdin: io.stdin }, values);
    await audit?.((answer as { dryRun?: boolean } | undefined)?.dryRun === true ? 'dry-run' : 'applied');
    io.out(`${JSON.stringify(answer, null, 2)}\n`);
    return verb.exitCodeOf?.(answer) ?? 0;
  } catch (err) {
    await audit?.(err instanceof UsageError || err instanceof AppError ? 'refused' : 'failed', err);
    if (err instanceof UsageError) return refuse(io, err.message, verbHelp(verb));
    if (err instanceof AppError) {
      io.err(`ops: ${err.code}: ${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    await session.close();
  }
}

/**
 * The audit record of a run of a verb that changes something: written after it (with how it
 * ended), in the store it changed. A failure to write it is reported, never hidden.
 */
function auditor(verb: Verb, values: Values, session: Session) {
  return async (outcome: AuditRecord['outcome'], err?: unknown) => {
    const reason = typeof values.reason === 'string' && values.reason.trim() ? values.reason.trim() : undefined;
    await new OpsAudit(session.ctx.db).write({
      at: session.ctx.clock.now(),
      operator: operatorName(),
      command: `${verb.group} ${verb.name}`,
      options: auditOptions(values),
      ...(reason ? { reason } : {}),
      outcome,
      ...(err ? { error: String((err as Error)?.message ?? err).slice(0, 500) } : {}),
    });
  };
}

/** A verb asked for under the wrong group (or a verb given as a group): where it lives. */
function elsewhere(verbs: readonly Verb[], name: string): string {
  const found = verbs.filter((v) => v.name === name).map((v) => `ops ${v.group} ${v.name}`);
  return found.length ? ` (did you mean ${found.join(' or ')}?)` : '';
}

function help(io: Io, text: string, asked: boolean): number {
  if (asked) io.out(`${text}\n`);
  else io.err(`${text}\n`);
  return asked ? 0 : 2;
}

function refuse(io: Io, message: string, usage: string): number {
  io.err(`ops: ${message}\n${usage}\n`);
  return 2;
}
