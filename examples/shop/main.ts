// The example shop: one order's life against the Partner Financing API, through the
// TypeScript client, with the webhooks received and verified on 127.0.0.1.
//   npm start            (in another terminal: the API and the relay on https://localhost:8443)
//   npm run example
// Environment (all optional): FINANCING_BASE_URL, FINANCING_USERNAME + FINANCING_PASSWORD +
// FINANCING_WEBHOOK_SECRET (else a partner is created with the partners command),
// FINANCING_CA_FILE (the service's certificate), EXAMPLE_WEBHOOK_PORT (default: any free).
import { createFinancingClient, MemorySeenStore } from '@partner-financing/client';
import { createPartner, serviceCertificate, type PartnerCredentials } from './local-service.js';
import { runStory } from './story.js';
import { WebhookInbox } from './webhook-inbox.js';

const env = process.env;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function credentials(): Promise<PartnerCredentials & { created: boolean }> {
  const { FINANCING_USERNAME: username, FINANCING_PASSWORD: password, FINANCING_WEBHOOK_SECRET: webhookSecret } = env;
  if (username && password && webhookSecret) return { username, password, webhookSecret, created: false };
  if (username || password || webhookSecret) throw new Error('give all of FINANCING_USERNAME, FINANCING_PASSWORD and FINANCING_WEBHOOK_SECRET, or none');
  return { ...(await createPartner()), created: true };
}

async function main(): Promise<number> {
  const baseUrl = env.FINANCING_BASE_URL ?? 'https://localhost:8443';
  say(`The example shop, against ${baseUrl}`);
  const ca = await serviceCertificate(baseUrl, env.FINANCING_CA_FILE, say);
  const partner = await credentials();
  say(`   partner ${partner.username}${partner.created ? ' (just created with `npm run partners -- create`)' : ''}`);

  const inbox = new WebhookInbox(partner.webhookSecret, new MemorySeenStore());
  const endpoint = await inbox.listen(Number(env.EXAMPLE_WEBHOOK_PORT ?? 0));
  say(`   webhooks received on ${endpoint}`);
  try {
    const api = createFinancingClient({ baseUrl, username: partner.username, password: partner.password, ...(ca ? { ca } : {}) });
    await runStory(api, inbox, endpoint, say);
    if (inbox.refused > 0) throw new Error(`${inbox.refused} webhook(s) failed signature verification`);
    say(`Done: every step passed; ${inbox.handled.length} notifications handled, ${inbox.duplicates} duplicate webhook(s) ignored.`);
    return 0;
  } finally {
    await inbox.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`The example shop stopped: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
