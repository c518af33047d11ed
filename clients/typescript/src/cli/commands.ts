import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CLIENT_VERSION } from '../version.js';
import { webhookSecretKey } from '../signing.js';
import { presentedCertificate } from './cert.js';
import { parseEventFilter } from './event-filter.js';
import { listen, Unrecoverable } from './listen.js';
import { defaultStateFile } from './state.js';

const DEFAULT_BASE_URL = 'https://localhost:8443';

export const USAGE = `partner-financing ${CLIENT_VERSION}: the Partner Financing API's command line

Usage:
  partner-financing listen --forward-to <url> [options]
      Follows your event feed and POSTs each notification to <url>, signed with your
      webhook secret exactly as the service signs its webhooks; resumes where it stopped.
  partner-financing cert [--base-url <url>]
      Prints the certificate (PEM) the service presents, to trust with --ca-file / caFile.
  partner-financing --version | --help

Options of listen (each also from the environment variable named):
  --forward-to <url>          where to POST the notifications, e.g. http://localhost:3000/hooks
  --base-url <url>            FINANCING_BASE_URL       the API (default ${DEFAULT_BASE_URL})
  --username <name>           FINANCING_USERNAME       your partner username
  --password <password>       FINANCING_PASSWORD       better from the variable: a command line is visible to others
  --webhook-secret <whsec_…>  FINANCING_WEBHOOK_SECRET your webhook secret
  --ca-file <file>            FINANCING_CA_FILE        the service's certificate (PEM), when not a public CA's;
                                                       a local service's: \`npm run -s cert > local-ca.pem\`
  --events <names>            only these, comma-separated: application, payment, a state (READY),
                              a stateReason (READY_TO_SHIP), a payment type (PAYOUT, CREDIT_NOTE)
  --state-file <file>         where the last forwarded event is kept
                              (default: ~/.local/state/partner-financing/listen-<username>@<host>_<port>.json)
  --from-start                forward the whole feed (the last 30 days), not from the saved position;
                              without a saved position listen starts at the end of the feed
  --poll-interval <ms>        how often an idle feed is read again (default 1000)

Exit status: 0 after Ctrl-C or SIGTERM (the position is saved), 1 when the service refuses
the credentials or the saved position, 2 for a bad option.`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

class BadOption extends Error {}

/** Runs one command line; resolves to the exit status. */
export async function run(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === '--version' || command === '-v') {
      io.out(CLIENT_VERSION);
      return 0;
    }
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.out(USAGE);
      return command ? 0 : 2;
    }
    if (command === 'listen') return await listenCommand(rest, io);
    if (command === 'cert') return await certCommand(rest, io);
    throw new BadOption(`unknown command ${command}`);
  } catch (err) {
    if (err instanceof BadOption || (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`partner-financing: ${(err as Error).message}\nSee partner-financing --help.`);
      return 2;
    }
    if (err instanceof Unrecoverable) {
      io.err(`partner-financing: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

async function listenCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      'forward-to': { type: 'string' },
      'base-url': { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      'webhook-secret': { type: 'string' },
      'ca-file': { type: 'string' },
      events: { type: 'string' },
      'state-file': { type: 'string' },
      'from-start': { type: 'boolean' },
      'poll-interval': { type: 'string' },
    },
  });
  const need = (value: string | undefined, option: string, variable?: string): string => {
    if (value) return value;
    throw new BadOption(`${option}${variable ? ` (or ${variable})` : ''} is required`);
  };
  const forwardTo = url(need(values['forward-to'], '--forward-to'), '--forward-to', ['http:', 'https:']);
  const baseUrl = url(values['base-url'] ?? io.env.FINANCING_BASE_URL ?? DEFAULT_BASE_URL, '--base-url', ['https:']).origin;
  const username = need(values.username ?? io.env.FINANCING_USERNAME, '--username', 'FINANCING_USERNAME');
  const password = need(values.password ?? io.env.FINANCING_PASSWORD, '--password', 'FINANCING_PASSWORD');
  const webhookSecret = need(values['webhook-secret'] ?? io.env.FINANCING_WEBHOOK_SECRET, '--webhook-secret', 'FINANCING_WEBHOOK_SECRET');
  try {
    webhookSecretKey(webhookSecret);
  } catch (err) {
    throw new BadOption(`--webhook-secret: ${(err as Error).message}`);
  }
  const caFile = values['ca-file'] ?? io.env.FINANCING_CA_FILE;
  if (caFile) {
    let pem: string;
    try {
      pem = readFileSync(caFile, 'utf8');
    } catch (err) {
      throw new BadOption(`--ca-file ${caFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? err})`);
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new BadOption(`--ca-file ${caFile} holds no PEM certificate`);
  }
  let events: Set<string> | undefined;
  try {
    events = values.events === undefined ? undefined : parseEventFilter(values.events);
  } catch (err) {
    throw new BadOption((err as Error).message);
  }
  const pollMs = Number(values['poll-interval'] ?? 1000);
  if (!Number.isInteger(pollMs) || pollMs < 10) throw new BadOption('--poll-interval must be a whole number of milliseconds, at least 10');

  await listen({
    baseUrl,
    username,
    password,
    webhookSecret,
    forwardTo,
    events,
    pollMs,
    ...(caFile ? { caFile } : {}),
    stateFile: values['state-file'] ?? defaultStateFile(baseUrl, username, io.env),
    fromStart: values['from-start'] ?? false,
    out: io.out,
    log: io.err,
    signal: io.signal,
  });
  return 0;
}

async function certCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, strict: true, allowPositionals: false, options: { 'base-url': { type: 'string' } } });
  const baseUrl = url(values['base-url'] ?? io.env.FINANCING_BASE_URL ?? DEFAULT_BASE_URL, '--base-url', ['https:']).origin;
  let cert;
  try {
    cert = await presentedCertificate(baseUrl);
  } catch (err) {
    throw new Unrecoverable((err as Error).message);
  }
  io.out(cert.pem.trimEnd());
  io.err(`The certificate ${baseUrl} presents: ${cert.subject}, valid until ${cert.validTo}, SHA-256 ${cert.fingerprint256}.`);
  io.err(
    cert.selfSigned
      ? 'It is self-signed: trust exactly this file (createFinancingClient({caFile}), listen --ca-file, NODE_EXTRA_CA_CERTS). A local service makes a new one at each start: fetch it again then.'
      : `It is issued by ${cert.issuer}: trust that issuer's certificate instead (or nothing, when it is a public CA).`,
  );
  return 0;
}

function url(text: string, option: string, protocols: string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new BadOption(`${option}: ${text} is not a URL`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new BadOption(
      `${option}: ${text} must be ${protocols.map((p) => `${p}//`).join(' or ')}${option === '--base-url' ? ' (the API answers over HTTPS only)' : ''}`,
    );
  return parsed;
}
