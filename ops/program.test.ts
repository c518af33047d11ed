import { expect } from 'chai';
import type { Db } from 'mongodb';
import type { SecretBox } from '../platform/secret-box.js';
import { ManualClock } from '../platform/clock.js';
import { ConfigError, type Config } from '../config/index.js';
import { createLogger } from '../platform/logger.js';
import { InvalidRequestError } from '../platform/errors.js';
import { CONFIRM_FLAG } from './confirm.js';
import { destructively } from './confirm.js';
import { runProgram, type ProgramDeps } from './program.js';
import { need, type Verb } from './verb.js';
import { VERBS } from './commands/index.js';

/** A program over `verbs` whose sessions are counted, with its output captured. */
function harness(verbs: readonly Verb[], opts: { configError?: boolean } = {}) {
  const seen = { out: '', err: '', opened: 0, closed: 0, audit: [] as Record<string, unknown>[] };
  // the store as the audit writes to it
  const db = {
    collection: () => ({
      insertOne: async (r: Record<string, unknown>) => {
        seen.audit.push(r);
      },
    }),
  } as unknown as Db;
  const deps: ProgramDeps = {
    verbs,
    io: {
      out: (t) => {
        seen.out += t;
      },
      err: (t) => {
        seen.err += t;
      },
      stdin: async () => 'from-stdin',
    },
    open: async () => {
      if (opts.configError) throw new ConfigError('invalid configuration:\n  MONGO_URL: "MONGO_URL" is required');
      seen.opened++;
      const ctx = { config: {} as Config, db, secrets: {} as SecretBox, clock: new ManualClock(), logger: createLogger({ level: 'silent', name: 'ops' }) };
      return {
        ctx,
        close: async () => {
          seen.closed++;
        },
      };
    },
  };
  return { seen, run: (...argv: string[]) => runProgram(argv, deps) };
}

const changed: string[] = [];
const echo: Verb = {
  group: 'partners',
  name: 'echo',
  summary: 'says what it was given',
  usage: '--word W',
  options: { word: { type: 'string' } },
  run: async (ctx, values) => ({ word: need(values, 'word'), stdin: await ctx.stdin() }),
};
const refuses: Verb = {
  group: 'partners',
  name: 'refuse',
  summary: 'refuses',
  usage: '',
  options: {},
  run: async () => {
    throw new InvalidRequestError('nothing here is acceptable');
  },
};
const erase: Verb = {
  group: 'data',
  name: 'erase',
  summary: 'erases a thing',
  usage: '--id ID',
  options: { id: { type: 'string' } },
  destructive: true,
  run: (ctx, values) =>
    destructively(ctx, 'data erase', values, {
      plan: async () => ({ wouldErase: need(values, 'id') }),
      apply: async () => {
        changed.push(need(values, 'id'));
        return { erased: need(values, 'id') };
      },
    }),
};
const TOY = [echo, refuses, erase];

describe("ops: the operators' program", () => {
  it("when --help is asked, then every verb is listed under its group, in the groups' order, and nothing is opened", async () => {
    const h = harness(VERBS);
    expect(await h.run('--help')).to.equal(0);
    const groups = [...h.seen.out.matchAll(/^([a-z]+): /gm)].map((m) => m[1]).filter((g) => g !== 'usage');
    expect(groups).to.deep.equal(['partners', 'keys', 'ledger', 'customers', 'data', 'kafka', 'migrate']);
    for (const v of VERBS) expect(h.seen.out, v.name).to.match(new RegExp(`^  ${v.name} `, 'm'));
    expect(h.seen.opened).to.equal(0);
  });

  it('when a verb is given --help (every verb), then its usage names it and exit 0 without opening the store', async () => {
    for (const v of VERBS) {
      const h = harness(VERBS);
      expect(await h.run(v.group, v.name, '--help'), `${v.group} ${v.name}`).to.equal(0);
      expect(h.seen.out).to.match(new RegExp(`^usage: ops ${v.group} ${v.name}`));
      expect(h.seen.opened).to.equal(0);
    }
  });

  it('when a group is given --help, then its verbs with their options; without a verb, the same on stderr and exit 2', async () => {
    const asked = harness(VERBS);
    expect(await asked.run('partners', '--help')).to.equal(0);
    expect(asked.seen.out)
      .to.match(/^usage: ops partners <verb>/)
      .and.match(/^  set-display-name +--username U --display-name N$/m);
    const bare = harness(VERBS);
    expect(await bare.run('partners')).to.equal(2);
    expect(bare.seen.err).to.match(/^usage: ops partners <verb>/);
  });

  it('when a verb is asked under the wrong group, then exit 2 naming where it lives', async () => {
    const h = harness(VERBS);
    expect(await h.run('partners', 'rotate-signing-key')).to.equal(2);
    expect(h.seen.err).to.include('did you mean ops keys rotate-signing-key?');
    expect(h.seen.opened).to.equal(0);
  });

  it('when a verb runs, then its answer is JSON on stdout, it reads stdin, and its session is closed', async () => {
    const h = harness(TOY);
    expect(await h.run('partners', 'echo', '--word', 'hi')).to.equal(0);
    expect(JSON.parse(h.seen.out)).to.deep.equal({ word: 'hi', stdin: 'from-stdin' });
    expect([h.seen.opened, h.seen.closed]).to.deep.equal([1, 1]);
  });

  it('when the usage is bad (unknown option, missing option) or the input refused, then exit 2, nothing on stdout', async () => {
    for (const argv of [['partners', 'echo', '--nope'], ['partners', 'echo'], ['partners', 'refuse'], ['nogroup']]) {
      const h = harness(TOY);
      expect(await h.run(...argv), argv.join(' ')).to.equal(2);
      expect(h.seen.out).to.equal('');
      expect(h.seen.closed).to.equal(h.seen.opened);
    }
    const refused = harness(TOY);
    await refused.run('partners', 'refuse');
    expect(refused.seen.err).to.equal('ops: INVALID_REQUEST: nothing here is acceptable\n');
  });

  it('when the configuration is bad, then exit 78 naming the variable', async () => {
    const h = harness(TOY, { configError: true });
    expect(await h.run('partners', 'echo', '--word', 'x')).to.equal(78);
    expect(h.seen.err).to.include('MONGO_URL');
  });

  describe('a destructive verb', () => {
    beforeEach(() => {
      changed.length = 0;
    });

    it('when run without the confirmation flag, then it is dry: the plan is printed and nothing changes', async () => {
      const h = harness(TOY);
      expect(await h.run('data', 'erase', '--id', 'c-1', '--reason', 'asked by the customer')).to.equal(0);
      expect(JSON.parse(h.seen.out)).to.deep.include({ dryRun: true, plan: { wouldErase: 'c-1' } });
      expect(changed).to.deep.equal([]);
      expect(h.seen.audit).to.have.length(1);
      expect(h.seen.audit[0]).to.deep.include({ command: 'data erase', outcome: 'dry-run', reason: 'asked by the customer', options: { id: 'c-1' } });
    });

    it('when confirmed without a reason (or a blank one), then exit 2 and nothing changes', async () => {
      for (const reason of [[], ['--reason', '   ']]) {
        const h = harness(TOY);
        expect(await h.run('data', 'erase', '--id', 'c-1', `--${CONFIRM_FLAG}`, ...reason)).to.equal(2);
        expect(h.seen.err).to.include('--reason');
        expect(h.seen.audit[0], 'a refused run is audited too').to.deep.include({ command: 'data erase', outcome: 'refused' });
      }
      expect(changed).to.deep.equal([]);
    });

    it('when confirmed with a reason, then it changes and answers with the reason', async () => {
      const h = harness(TOY);
      expect(await h.run('data', 'erase', '--id', 'c-1', `--${CONFIRM_FLAG}`, '--reason', 'erasure request 2026-11')).to.equal(0);
      expect(JSON.parse(h.seen.out)).to.deep.equal({ dryRun: false, reason: 'erasure request 2026-11', result: { erased: 'c-1' } });
      expect(changed).to.deep.equal(['c-1']);
      expect(h.seen.audit[0]).to.deep.include({ command: 'data erase', outcome: 'applied', reason: 'erasure request 2026-11' });
      expect(h.seen.audit[0]!.operator).to.be.a('string');
    });

    it('when a verb that changes something takes a secret (a password on an option), then its audit record keeps the option, never the value', async () => {
      const h = harness(TOY);
      await h.run('partners', 'echo', '--word', 'w');
      expect(h.seen.audit[0]).to.deep.include({ command: 'partners echo', outcome: 'applied', options: { word: 'w' } });
      const { auditOptions } = await import('../platform/audit.js');
      expect(auditOptions({ username: 'shop', password: 'hunter2', 'password-stdin': true, help: false })).to.deep.equal({
        username: 'shop',
        password: '[redacted]',
        'password-stdin': true,
      });
    });

    it('when its help is asked, then it names the confirmation flag and the reason', async () => {
      const h = harness(TOY);
      await h.run('data', 'erase', '--help');
      expect(h.seen.out).to.include(`[--${CONFIRM_FLAG} --reason "why"]`).and.include('Runs dry');
    });
  });
});
