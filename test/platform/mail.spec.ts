import { expect } from 'chai';
import { MongoConsumerInbox } from '../../platform/consumer-inbox.js';
import { SmtpMailer, handleMailEntry, mailEntry } from '../../platform/mail.js';
import { freshDatabasePerTest } from '../support/fresh-db.js';
import { Mailpit } from '../support/mailpit.js';
import { waitFor } from '../support/wait.js';

describe('mail: an outboxed mail request is sent once through SMTP to a real server (Mailpit)', function () {
  const freshDb = freshDatabasePerTest('mail');
  let mailpit: Mailpit;

  before(async () => {
    mailpit = await Mailpit.start();
  });
  after(() => {
    mailpit?.stop();
  });

  it('a mail entry delivered twice is mailed once', async () => {
    const mailer = new SmtpMailer({ transport: 'smtp', from: 'no-reply@pf.test', smtp: { host: '127.0.0.1', port: mailpit.smtpPort, tls: 'none' } });
    const inbox = new MongoConsumerInbox(freshDb(), 'mail');
    await inbox.open(new Date(0));
    const entry = mailEntry({ to: 'partner@example.com', subject: 'Your key', text: 'hello', idempotencyKey: 'mail-e2e-1' }, 'p1', new Date());
    expect(await handleMailEntry(entry.value, mailer, inbox)).to.equal('sent');
    expect(await handleMailEntry(entry.value, mailer, inbox)).to.equal('duplicate');
    await mailer.close();
    const list = await waitFor('the e-mail', async () => {
      const messages = await mailpit.all();
      return messages.length >= 1 && messages;
    });
    expect(list).to.have.length(1);
    expect(list[0]!.Subject).to.equal('Your key');
    expect(list[0]!.To[0]!.Address).to.equal('partner@example.com');
    expect(list[0]!.MessageID).to.contain('mail-e2e-1');
  });
});
