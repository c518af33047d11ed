import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { MongoConsumerInbox } from '../../platform/consumer-inbox.js';
import { SmtpMailer, handleMailEntry, mailEntry } from '../../platform/mail.js';
import { freshDatabasePerTest } from '../support/fresh-db.js';

const MAILPIT = process.env.MAILPIT ?? join(process.env.PF_CACHE ?? join(homedir(), '.cache/partner-financing'), 'mailpit-v1.33.1', 'mailpit');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      })
      .on('error', reject);
  });
}

async function waitFor<T>(f: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await f().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('mail: an outboxed mail request is sent once through SMTP to a real server (Mailpit)', function () {
  const freshDb = freshDatabasePerTest('mail');
  let mailpit: ChildProcess;
  let smtpPort: number;
  let httpPort: number;

  before(async () => {
    if (!existsSync(MAILPIT)) throw new Error(`Mailpit not built at ${MAILPIT} (.ci/run builds it)`);
    smtpPort = await freePort();
    httpPort = await freePort();
    mailpit = spawn(MAILPIT, ['--smtp', `127.0.0.1:${smtpPort}`, '--listen', `127.0.0.1:${httpPort}`], { stdio: 'ignore' });
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${httpPort}/api/v1/messages`)).ok ? true : undefined));
  });
  after(() => {
    mailpit?.kill('SIGTERM');
  });

  it('a mail entry delivered twice is mailed once', async () => {
    const mailer = new SmtpMailer({ transport: 'smtp', from: 'no-reply@pf.test', smtp: { host: '127.0.0.1', port: smtpPort, tls: 'none' } });
    const inbox = new MongoConsumerInbox(freshDb(), 'mail');
    await inbox.open(new Date(0));
    const entry = mailEntry({ to: 'partner@example.com', subject: 'Your key', text: 'hello', idempotencyKey: 'mail-e2e-1' }, 'p1', new Date());
    expect(await handleMailEntry(entry.value, mailer, inbox)).to.equal('sent');
    expect(await handleMailEntry(entry.value, mailer, inbox)).to.equal('duplicate');
    await mailer.close();
    const list = await waitFor(async () => {
      const body = (await (await fetch(`http://127.0.0.1:${httpPort}/api/v1/messages`)).json()) as {
        total: number;
        messages: Array<{ Subject: string; To: Array<{ Address: string }>; MessageID: string }>;
      };
      return body.total >= 1 ? body : undefined;
    });
    expect(list.total).to.equal(1);
    expect(list.messages[0]!.Subject).to.equal('Your key');
    expect(list.messages[0]!.To[0]!.Address).to.equal('partner@example.com');
    expect(list.messages[0]!.MessageID).to.contain('mail-e2e-1');
  });
});
