import { expect } from 'chai';
import { InMemoryConsumerInbox } from './consumer-inbox.js';
import { LogMailer, handleMailEntry, mailEntry, MAIL_TOPIC, type Mailer, type MailMessage } from './mail.js';
import { loadConfig, ConfigError } from '../config/index.js';

const message: MailMessage = { to: 'a@example.com', subject: 'Hello', text: 'body', idempotencyKey: 'mail-1' };

class RecordingMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
  }
}

describe('mail', () => {
  it('the log mailer writes the message to the log and sends nothing', async () => {
    const lines: unknown[] = [];
    await new LogMailer({ info: (o: unknown) => lines.push(o) } as any, 'from@example.com').send(message);
    expect(lines).to.deep.equal([{ mail: { from: 'from@example.com', to: 'a@example.com', subject: 'Hello', idempotencyKey: 'mail-1', text: 'body' } }]);
  });

  it('a mail entry redelivered is sent once (deduplicated by the entry id in the consumer inbox)', async () => {
    const entry = mailEntry(message, 'partner-1', new Date(0));
    expect(entry.topic).to.equal(MAIL_TOPIC);
    expect(entry.id).to.equal('mail-1');
    const mailer = new RecordingMailer();
    const inbox = new InMemoryConsumerInbox();
    expect(await handleMailEntry(entry.value, mailer, inbox)).to.equal('sent');
    expect(await handleMailEntry(entry.value, mailer, inbox)).to.equal('duplicate');
    expect(mailer.sent).to.have.length(1);
  });

  it('a failed send is not remembered, so the redelivery sends it', async () => {
    const inbox = new InMemoryConsumerInbox();
    const failing: Mailer = {
      send: async () => {
        throw new Error('smtp down');
      },
    };
    const entry = mailEntry(message, 'k', new Date(0));
    await handleMailEntry(entry.value, failing, inbox).then(
      () => expect.fail('should throw'),
      () => undefined,
    );
    const mailer = new RecordingMailer();
    expect(await handleMailEntry(entry.value, mailer, inbox)).to.equal('sent');
  });

  it('configuration: log by default; smtp needs SMTP_HOST, named in the error', () => {
    const base = { MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:9092' };
    expect(loadConfig(base).mail.transport).to.equal('log');
    expect(() => loadConfig({ ...base, MAIL_TRANSPORT: 'smtp' })).to.throw(ConfigError, /SMTP_HOST/);
    const c = loadConfig({ ...base, MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mx', SMTP_PORT: '2525', SMTP_TLS: 'none' });
    expect(c.mail.smtp).to.include({ host: 'mx', port: 2525, tls: 'none' });
  });
});

describe('mail consumer spec', () => {
  it('reads the entry the outbox wrote, keys the inbox by its id, and refuses a malformed one as not retriable', async () => {
    const { mailConsumerSpec } = await import('./mail.js');
    const mailer = new RecordingMailer();
    const spec = mailConsumerSpec('pf.', mailer);
    expect(spec.topics).to.deep.equal(['pf.mail']);
    const parsed = spec.parse(Buffer.from(mailEntry(message, 'k', new Date(0)).value));
    expect(spec.idOf(parsed)).to.equal('mail-1');
    await spec.handle(parsed, { topic: 'pf.mail', partition: 0, offset: '0' });
    expect(mailer.sent).to.deep.equal([message]);
    expect(() => spec.parse(Buffer.from('{"to":"x"}'))).to.throw(/idempotencyKey/);
  });
});
