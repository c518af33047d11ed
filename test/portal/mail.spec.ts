import { expect } from 'chai';
import { mailEntry } from '../../platform/mail.js';
import { launchBrowser } from '../gateway/browser.js';
import { Mailpit } from '../support/mailpit.js';
import { waitFor } from '../support/wait.js';
import { startPortalWorld, type PortalWorld } from './portal-world.js';
import { acknowledge, fail } from '../relay/support/receiver.js';

/**
 * E-mail from the portal through the whole path: the write's outbox entry → the mail topic
 * (real Kafka) → the API process's mail consumer (deduplicated by entry id through its
 * inbox) → SMTP → a real SMTP server (Mailpit), whose API the test reads. Invitations go
 * out in the invited person's language, can be sent again (a new link; the old one dies)
 * and revoked (the link dies, the e-mail is free again).
 */
describe('the partner portal: e-mail through Kafka to SMTP (Mailpit)', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  let mailpit: Mailpit;
  const messages = (to: string) => mailpit.to(to);
  const textOf = (id: string) => mailpit.textOf(id);
  const linkIn = (text: string) => /https:\/\/\S+\/portal\/setup\/\S+/.exec(text)![0];
  const mailsTo = (to: string, n: number) =>
    waitFor(`${n} e-mail(s) to ${to}`, async () => ((await messages(to)).length >= n ? messages(to) : undefined), { maxWait: 30_000 });

  before(async () => {
    mailpit = await Mailpit.start();
    w = await startPortalWorld({
      ...mailpit.env,
      PORTAL_ENDPOINT_ALERT_AFTER: '2s',
    });
  });
  after(async () => {
    await w?.stop();
    mailpit?.stop();
  });

  it('when an owner invites someone in Czech, then a Czech e-mail with a working setup link arrives; sent again, a new link works and the old one does not; revoked, neither works', async () => {
    const page = w.pages.owner;
    const email = `novak-${w.h.partner.username}@shop.example`;
    await page.goto(`${w.base}/portal/users`);
    await page.getByLabel('Name', { exact: true }).fill('Jana Nováková');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Language of the invitation e-mail').selectOption('cs');
    await page.getByRole('button', { name: 'Create and show setup link' }).click();
    expect(await page.getByRole('status').first().textContent()).to.include(`We e-mailed a one-time setup link to ${email}`);
    const shown = (await page.locator('#setup-link').textContent())!.trim();

    const [first] = await mailsTo(email, 1);
    expect(first!.Subject).to.equal(`Váš přístup do partnerského portálu ${w.h.partner.username}`);
    const text = await textOf(first!.ID);
    expect(text).to.include('Dobrý den, Jana Nováková').and.include(`owner-${w.h.partner.username}@shop.example vás pozval(a)`);
    expect(linkIn(text)).to.equal(shown);
    const fresh = await launchBrowser();
    try {
      const visitor = await fresh.context.newPage();
      expect((await visitor.goto(shown))!.status()).to.equal(200);
      // the TOTP key to type into an app, in groups of four
      expect((await visitor.locator('#totp-secret').textContent())!.trim()).to.match(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);

      // sent again: a second e-mail, its link works, the first one no longer does
      await page.getByRole('button', { name: `Send again: ${email}` }).click();
      expect(await page.getByRole('status').first().textContent()).to.equal(`A new setup link went to ${email}; the earlier one no longer works.`);
      const again = await mailsTo(email, 2);
      const second = linkIn(await textOf(again.find((x) => x.ID !== first!.ID)!.ID));
      expect(second).not.to.equal(shown);
      expect((await visitor.goto(shown))!.status()).to.equal(404);
      expect((await visitor.goto(second))!.status()).to.equal(200);

      // revoked: the link dies, the user is gone, the e-mail can be invited again
      await page.getByRole('button', { name: `Revoke: ${email}` }).click();
      expect(await page.getByRole('status').first().textContent()).to.equal(`The invitation of ${email} is revoked: its link no longer works.`);
      expect(await page.getByRole('table').textContent()).not.to.include(email);
      expect((await visitor.goto(second))!.status()).to.equal(404);
    } finally {
      await fresh.close();
    }
    await w.pages.owner.goto(`${w.base}/portal/audit`);
    expect(await w.pages.owner.getByRole('table').textContent())
      .to.include('user.invitation-resent')
      .and.include('user.invitation-revoked');
  });

  it("when an endpoint has failed for the configured time, then the partner's owners and operators are e-mailed in their language (viewers not), and again once when it recovers", async () => {
    const { username } = w.h.partner;
    const owner = `owner-${username}@shop.example`;
    const operator = `operator-${username}@shop.example`;
    const viewer = `viewer-${username}@shop.example`;
    const url = w.endpoint.url('/alert');
    const about = (to: string, subject: string) => async () => (await messages(to)).filter((x) => x.Subject === subject);
    // the operator was invited in Czech
    await w.h.t.api.runtime.db.collection('portal_users').updateOne({ email: operator }, { $set: { lang: 'cs' } });
    w.endpoint.on('/alert', fail);
    const started = Date.now();
    await w.approved(undefined, '/alert');
    const failing = `Webhooks of ${username} are failing: ${url}`;
    const [toOwner] = await waitFor(
      'the failing e-mail to the owner',
      async () => ((await about(owner, failing)()).length ? about(owner, failing)() : undefined),
      {
        maxWait: 30_000,
      },
    );
    expect(Date.now() - started).to.be.at.least(2000);
    const text = await textOf(toOwner!.ID);
    expect(text).to.include(`notifications to ${url} have been failing since`).and.include(`${w.base}/portal/webhooks`);
    const failingCs = `Webhooky ${username} selhávají: ${url}`;
    const [toOperator] = await waitFor(
      'the failing e-mail to the operator, in Czech',
      async () => ((await about(operator, failingCs)()).length ? about(operator, failingCs)() : undefined),
      {
        maxWait: 10_000,
      },
    );
    expect(await textOf(toOperator!.ID)).to.include(`oznámení na ${url} selhávají od`);

    // it recovers: an operator redelivers what failed, the endpoint acknowledges
    w.endpoint.on('/alert', acknowledge);
    const page = w.pages.operator;
    await page.goto(`${w.base}/portal/webhooks`);
    await page.getByRole('button', { name: 'Redeliver all failed since then' }).click();
    const recovered = `Webhooks of ${username} work again: ${url}`;
    const recoveredCs = `Webhooky ${username} znovu fungují: ${url}`;
    await waitFor(
      'the recovered e-mail to the owner and the operator',
      async () => ((await about(owner, recovered)()).length && (await about(operator, recoveredCs)()).length ? true : undefined),
      {
        maxWait: 30_000,
      },
    );
    // a while later: one of each, however many checks ran; the viewer got none
    await new Promise((r) => setTimeout(r, 1500));
    expect((await about(owner, failing)()).length).to.equal(1);
    expect((await about(owner, recovered)()).length).to.equal(1);
    expect((await about(operator, failingCs)()).length).to.equal(1);
    expect((await about(operator, recoveredCs)()).length).to.equal(1);
    expect((await messages(viewer)).map((x) => x.Subject).filter((s) => s.startsWith('Webhook'))).to.deep.equal([]);
  });

  it('when the same mail request reaches the mail topic twice (a republished outbox entry), then one e-mail is sent', async () => {
    const to = `twice-${w.h.partner.username}@shop.example`;
    const entry = mailEntry({ to, subject: 'Once', text: 'only once', idempotencyKey: `twice-${w.h.partner.username}` }, 'k', new Date());
    const topic = `${w.h.t.config.kafka.topicPrefix}mail`;
    for (let i = 0; i < 2; i++) await w.h.t.api.runtime.producer.send({ topic, messages: [{ key: entry.key, value: entry.value }] });
    // a later message to the same address: once it is in, the repeat has been handled too (one partition, in order)
    const after = mailEntry({ to, subject: 'After', text: 'marker', idempotencyKey: `after-${w.h.partner.username}` }, 'k', new Date());
    await w.h.t.api.runtime.producer.send({ topic, messages: [{ key: after.key, value: after.value }] });
    const got = await mailsTo(to, 2);
    await new Promise((r) => setTimeout(r, 500));
    expect((await messages(to)).map((x) => x.Subject).sort()).to.deep.equal(['After', 'Once']);
    expect(got.length).to.equal(2);
  });
});
