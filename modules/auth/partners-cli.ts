/**
 * Partner administration from the command line. Prints JSON on stdout, errors on stderr.
 *
 *   npm run -s partners -- create --username U (--password P | --password-stdin) [--payout-trigger SENT|DELIVERED] [--fee-bps N] [--api-version V]
 *   npm run -s partners -- set-api-version --username U --api-version V
 *   npm run -s partners -- set-display-name --username U --display-name "Shop name"   (the gateway page names the shop so)
 *   npm run -s partners -- set-bank-account --username U --account 19-2000145399/0800|IBAN
 *   npm run -s partners -- list
 *   npm run -s partners -- show --username U
 *   npm run -s partners -- disable --username U            (login refused, every token revoked)
 *   npm run -s partners -- enable --username U
 *   npm run -s partners -- rotate-password --username U (--password P | --password-stdin)   (revokes every token)
 *   npm run -s partners -- rotate-webhook-secret --username U [--grace 24h]
 *   npm run -s partners -- rotate-signing-key
 *   npm run -s partners -- revoke-tokens [--username U]  (every token of one partner, or of all)
 *   npm run -s partners -- portal-owner --username U --email E --name N   (the partner portal's first owner; prints a one-time setup link)
 *
 * `--password-stdin` reads the password from standard input (one line), so it appears in
 * neither the shell history nor the process list. Finds the store like every project
 * command: MONGO_URL (and MONGO_DB) when set, otherwise the local stack that `npm start`
 * runs. `--help` (or `help`) prints the usage. Exit codes: 0 done, 1 unexpected failure, 2 bad
 * usage or refused input.
 */
import { parseArgs } from 'node:util';
import type { Db } from 'mongodb';
import { AppError } from '../../platform/errors.js';
import { parseDuration } from '../../platform/duration.js';
import { connectMongo } from '../../platform/mongo.js';
import { resolveStack } from '../../scripts/local-stack.js';
import { systemClock } from '../../platform/clock.js';
import { MongoAuthRepository, type AuthRepository } from './auth.repository.js';
import { PartnerAdmin } from './partner-admin.js';
import { rotateSigningKey } from './tokens.js';
import { createFirstOwner } from '../portal/index.js';

const USAGE = `usage: partners <command> [options]
  create --username U (--password P | --password-stdin) [--payout-trigger SENT|DELIVERED] [--fee-bps N] [--api-version V] [--display-name N]
  set-api-version --username U --api-version V
  set-display-name --username U --display-name N
  set-bank-account --username U --account ACCOUNT   ([prefix-]number/bank code, or an IBAN)
  list
  show --username U
  disable --username U
  enable --username U
  rotate-password --username U (--password P | --password-stdin)
  rotate-webhook-secret --username U [--grace 24h]
  rotate-signing-key
  revoke-tokens [--username U]
  portal-owner --username U --email E --name N`;

class UsageError extends Error {}

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

type Values = Record<string, string | boolean | undefined>;

function need(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`--${name} is required`);
  return v;
}

async function password(values: Values): Promise<string> {
  if (values['password-stdin'] && values.password) throw new UsageError('give --password or --password-stdin, not both');
  if (values['password-stdin']) return readStdinLine();
  return need(values, 'password');
}

async function run(command: string | undefined, values: Values, repo: AuthRepository, db: Db): Promise<unknown> {
  const admin = new PartnerAdmin(repo, systemClock);
  switch (command) {
    case 'create': {
      const trigger = (values['payout-trigger'] as string | undefined) ?? 'DELIVERED';
      if (trigger !== 'SENT' && trigger !== 'DELIVERED') throw new UsageError('--payout-trigger must be SENT or DELIVERED');
      const feeText = (values['fee-bps'] as string | undefined) ?? '0';
      if (!/^\d{1,5}$/.test(feeText)) throw new UsageError('--fee-bps must be an integer from 0 to 10000');
      const apiVersion = values['api-version'] as string | undefined;
      const displayName = values['display-name'] as string | undefined;
      return admin.create({ username: need(values, 'username'), password: await password(values), payoutTrigger: trigger, feeBps: Number(feeText), ...(apiVersion ? { apiVersion } : {}), ...(displayName !== undefined ? { displayName } : {}) });
    }
    case 'set-display-name': return admin.setDisplayName(need(values, 'username'), need(values, 'display-name'));
    case 'set-api-version': return admin.setApiVersion(need(values, 'username'), need(values, 'api-version'));
    case 'set-bank-account': return admin.setBankAccount(need(values, 'username'), need(values, 'account'));
    case 'list': return admin.list();
    case 'show': return admin.get(need(values, 'username'));
    case 'disable': return admin.disable(need(values, 'username'));
    case 'enable': return admin.enable(need(values, 'username'));
    case 'rotate-password': return admin.rotatePassword(need(values, 'username'), await password(values));
    case 'rotate-webhook-secret': {
      const grace = (values.grace as string | undefined) ?? '24h';
      let graceMs: number;
      try { graceMs = parseDuration(grace); } catch { throw new UsageError('--grace must be a duration like 0s, 30m or 24h'); }
      return admin.rotateWebhookSecret(need(values, 'username'), graceMs);
    }
    case 'rotate-signing-key': return rotateSigningKey(repo, systemClock.now());
    case 'revoke-tokens': return admin.revokeTokens(values.username as string | undefined);
    case 'portal-owner': {
      const partner = await admin.get(need(values, 'username'));
      // the link names the API's public address (PUBLIC_BASE_URL, as the API itself reads it)
      const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? 'https://localhost:8443';
      const setupLinkTtlMs = parseDuration(process.env.PORTAL_SETUP_LINK_TTL ?? '72h');
      return createFirstOwner({ db, clock: systemClock, publicBaseUrl, setupLinkTtlMs }, { id: partner.id, name: partner.username }, { email: need(values, 'email'), name: need(values, 'name') });
    }
    default: throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  let values: Values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        'payout-trigger': { type: 'string' },
        'fee-bps': { type: 'string' },
        'api-version': { type: 'string' },
        grace: { type: 'string' },
        'display-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        email: { type: 'string' },
        name: { type: 'string' },
        account: { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    process.stderr.write(`partners: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const url = process.env.MONGO_URL ?? (await resolveStack({ start: false })).MONGO_URL;
  const { client, db } = await connectMongo(url, process.env.MONGO_DB ?? 'partner_financing');
  try {
    const repo = new MongoAuthRepository(db);
    await repo.init();
    const out = await run(command, values, repo, db);
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) process.stderr.write(`partners: ${err.message}\n${USAGE}\n`);
    else if (err instanceof AppError) process.stderr.write(`partners: ${err.code}: ${err.message}\n`);
    else throw err;
    return 2;
  } finally {
    await client.close();
  }
}

main().then((code) => process.exit(code), (err) => {
  process.stderr.write(`partners: ${err?.message ?? err}\n`);
  process.exit(1);
});
