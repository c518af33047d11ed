import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../gateway/browser.js';
import { waitFor } from './wait.js';

/** Built once by .ci/run (scripts/mailpit.sh) into the project's cache. */
const MAILPIT = process.env.MAILPIT ?? join(process.env.PF_CACHE ?? join(homedir(), '.cache/partner-financing'), 'mailpit-v1.33.1', 'mailpit');

/** A message as Mailpit's list and search answer it. */
export interface MailSummary {
  ID: string;
  MessageID: string;
  Subject: string;
  To: Array<{ Address: string }>;
}

/**
 * A real SMTP server for the mail tests (Mailpit, on 127.0.0.1 ports of its own): the
 * settings that send the service's mail to it, and its HTTP API to read what arrived.
 */
export class Mailpit {
  private constructor(
    private readonly process: ChildProcess,
    readonly smtpPort: number,
    readonly api: string,
  ) {}

  static async start(): Promise<Mailpit> {
    if (!existsSync(MAILPIT)) throw new Error(`Mailpit not built at ${MAILPIT} (.ci/run builds it)`);
    const smtpPort = await freePort();
    const httpPort = await freePort();
    const child = spawn(MAILPIT, ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${httpPort}`], { stdio: 'ignore' });
    const mailpit = new Mailpit(child, smtpPort, `http://127.0.0.1:${httpPort}`);
    await waitFor('Mailpit answering', async () => (await fetch(`${mailpit.api}/api/v1/messages`).catch(() => undefined))?.ok, { maxWait: 15_000 });
    return mailpit;
  }

  /** The service's settings that send its mail here, over plain SMTP. */
  get env(): Record<string, string> {
    return { MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(this.smtpPort), SMTP_TLS: 'none', MAIL_FROM: 'portal@pf.test' };
  }

  /** Every message, newest first. */
  async all(): Promise<MailSummary[]> {
    return ((await (await fetch(`${this.api}/api/v1/messages`)).json()) as { messages: MailSummary[] }).messages;
  }

  /** The messages to one address, newest first. */
  async to(address: string): Promise<MailSummary[]> {
    const res = await fetch(`${this.api}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
    return ((await res.json()) as { messages: MailSummary[] }).messages;
  }

  /** A message's plain-text body. */
  async textOf(id: string): Promise<string> {
    return ((await (await fetch(`${this.api}/api/v1/message/${id}`)).json()) as { Text: string }).Text;
  }

  stop(): void {
    this.process.kill('SIGTERM');
  }
}
