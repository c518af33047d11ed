/**
 * Partner provisioning (DESIGN 22):
 *   npm run -s partners -- create --username U --password P [--payout-trigger SENT|DELIVERED] [--fee-bps N]
 *   npm run -s partners -- list
 * Prints JSON on stdout. Finds the store like every project command: MONGO_URL (and
 * MONGO_DB) when set, otherwise the local stack that `npm start` runs.
 */
import { parseArgs } from 'node:util';
import { connectMongo } from '../../platform/mongo.js';
import { createLogger } from '../../platform/logger.js';
import { resolveStack } from '../../scripts/local-stack.js';
import { createAuthModule } from './create-auth-module.js';

function fail(message: string): never {
  process.stderr.write(`partners: ${message}\n`);
  process.exit(2);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'payout-trigger': { type: 'string' },
      'fee-bps': { type: 'string' },
    },
    strict: true,
  });
  const url = process.env.MONGO_URL ?? (await resolveStack({ start: false }).then((s) => s.MONGO_URL, (e) => fail(e.message)));
  const { client, db } = await connectMongo(url, process.env.MONGO_DB ?? 'partner_financing');
  try {
    const auth = await createAuthModule({ db, logger: createLogger({ level: 'silent', name: 'partners-cli' }) });
    switch (command) {
      case 'create': {
        if (!values.username) fail('--username is required');
        if (!values.password) fail('--password is required');
        const trigger = values['payout-trigger'] ?? 'DELIVERED';
        if (trigger !== 'SENT' && trigger !== 'DELIVERED') fail('--payout-trigger must be SENT or DELIVERED');
        const feeBps = Number(values['fee-bps'] ?? '0');
        if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) fail('--fee-bps must be an integer from 0 to 10000');
        const p = await auth.service.createPartner({ username: values.username, password: values.password, payoutTrigger: trigger, feeBps })
          .catch((err) => (err?.code === 11000 ? fail(`username ${values.username} is taken`) : Promise.reject(err)));
        process.stdout.write(`${JSON.stringify(p)}\n`);
        break;
      }
      case 'list':
        process.stdout.write(`${JSON.stringify(await auth.service.listPartners())}\n`);
        break;
      default:
        fail('usage: partners create --username U --password P [--payout-trigger SENT|DELIVERED] [--fee-bps N] | list');
    }
  } finally {
    await client.close();
  }
}

main().catch((err) => {
  process.stderr.write(`partners: ${err?.stack ?? err}\n`);
  process.exit(1);
});
