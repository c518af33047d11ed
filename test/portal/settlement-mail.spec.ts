import { expect } from 'chai';
import { mailEntry } from '../../platform/mail.js';
import { formatDate, formatDateTime, formatMoney, CATALOGUES } from '../../modules/portal/portal.i18n.js';
import { SettlementService } from '../../modules/payments/settlement.service.js';
import { MongoSettlementsRepository } from '../../modules/payments/settlements.repository.js';
import { MongoPaymentLinesRepository } from '../../modules/payments/payment-lines.repository.js';
import type { SettlementView } from '../../modules/payments/index.js';
import { Mailpit } from '../support/mailpit.js';
import { waitFor } from '../support/wait.js';
import { startPortalWorld, type PortalWorld } from './portal-world.js';

const ACCOUNT = '19-2000145399/0800';

/**
 * The settlement notice through the whole path: the daily job (here every few seconds)
 * writes a settlement with its e-mails as outbox entries → the mail topic (real Kafka) → the
 * API's mail consumer (deduplicated by entry id) → SMTP → Mailpit, whose API the test reads.
 * One e-mail per contact and settlement, in the contact's language, with the settlement's
 * figures, the account masked and no customer's data; still one when two instances close
 * the same cut-off and when the entry reaches the mail topic again.
 */
describe('the partner portal: the settlement notice e-mail (Kafka to SMTP, Mailpit)', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  let mailpit: Mailpit;
  let owner: string;
  let operator: string;
  let viewer: string;
  const messages = (to: string) => mailpit.to(to);
  const textOf = (id: string) => mailpit.textOf(id);
  const about = async (to: string, reference: string) => (await messages(to)).filter((x) => x.Subject.includes(` ${reference} `));
  /** Intl separates digits and currency with no-break spaces: plain spaces to compare */
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  const settlements = async () => (await w.h.t.client.get('/financing/v1/settlements?limit=100', { token: w.h.partner.token })).body.data as any[];

  before(async () => {
    mailpit = await Mailpit.start();
    w = await startPortalWorld({
      ...mailpit.env,
      // the daily job's cut-off every 4 s
      SETTLEMENT_TEST_EVERY_MS: '4000',
    });
    const { username } = w.h.partner;
    owner = `owner-${username}@shop.example`;
    operator = `operator-${username}@shop.example`;
    viewer = `viewer-${username}@shop.example`;
    await w.h.t.api.modules.auth.admin.setBankAccount(username, ACCOUNT);
    // the operator was invited in Czech
    await w.h.t.api.runtime.db.collection('portal_users').updateOne({ email: operator }, { $set: { lang: 'cs' } });
  });
  after(async () => {
    await w?.stop();
    mailpit?.stop();
  });

  it("when the job writes a settlement, then the owner (English) and the operator (Czech) each get one e-mail with its figures and a link to its page; the viewer none, and no customer's data", async () => {
    const app = await w.paid();
    const [s] = await waitFor('the settlement of the payout', async () => ((await settlements()).length ? settlements() : undefined), { maxWait: 30_000 });
    expect(s.lineCount).to.equal(1);
    const [toOwner] = await waitFor('the e-mail to the owner', async () => ((await about(owner, s.reference)).length ? about(owner, s.reference) : undefined), {
      maxWait: 30_000,
    });
    const [toOperator] = await waitFor(
      'the e-mail to the operator',
      async () => ((await about(operator, s.reference)).length ? about(operator, s.reference) : undefined),
      { maxWait: 30_000 },
    );
    const en = CATALOGUES.en;
    const cs = CATALOGUES.cs;
    const transfer = (m: typeof en) => plain(formatMoney(s.transfer.amount, s.transfer.currency, m));
    expect(s.transfer.amount).to.be.greaterThan(0);
    expect(plain(toOwner!.Subject)).to.equal(
      `Settlement ${s.reference} of ${w.h.partner.username}: transfer of ${transfer(en)} on ${formatDate(`${s.valueDate}T12:00:00Z`, en)}`,
    );
    const ownerText = plain(await textOf(toOwner!.ID));
    expect(ownerText)
      .to.include(`Reference (variable symbol of the transfer): ${s.reference}`)
      .and.include(`Cut-off: ${plain(formatDateTime(s.cutoffAt, en))}`)
      .and.include(`Value date: ${formatDate(`${s.valueDate}T12:00:00Z`, en)}`)
      .and.include(`Transfer: ${transfer(en)}`)
      .and.include('To the account: **-******5399/0800')
      .and.include('Lines (payouts and credit notes): 1')
      .and.include(`${w.base}/portal/settlements/${s.id}`);
    expect(plain(toOperator!.Subject)).to.equal(
      `Vyúčtování ${s.reference} pro ${w.h.partner.username}: převod ${transfer(cs)} dne ${plain(formatDate(`${s.valueDate}T12:00:00Z`, cs))}`,
    );
    const operatorText = plain(await textOf(toOperator!.ID));
    expect(operatorText)
      .to.include(`Číslo (variabilní symbol převodu): ${s.reference}`)
      .and.include(`Převod: ${transfer(cs)}`)
      .and.include('Na účet: **-******5399/0800')
      .and.include('Řádků (výplaty a dobropisy): 1')
      .and.include(`${w.base}/portal/settlements/${s.id}`);
    // nothing of the customer or the order, nor the whole account number
    const application = (await w.h.t.client.get(`/financing/v1/applications/${app.id}`, { token: w.h.partner.token })).body;
    for (const text of [ownerText, operatorText]) {
      expect(text).not.to.include(application.customer.email).and.not.to.include(application.order.number).and.not.to.include('2000145399');
      expect(text).not.to.include(application.customer.lastName);
    }
    // the link leads to the settlement's page (signed in)
    expect((await w.pages.owner.goto(`${w.base}/portal/settlements/${s.id}`))!.status()).to.equal(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await about(owner, s.reference)).to.have.length(1);
    expect(await about(operator, s.reference)).to.have.length(1);
    expect(await about(viewer, s.reference)).to.have.length(0);
  });

  it('when two instances close the same cut-off (beside the job) and the e-mail reaches the mail topic again, then each contact still gets one', async () => {
    const before = (await settlements()).length;
    await w.paid();
    const { runtime, modules } = w.h.t.api;
    const partners = {
      bankAccount: async () => ACCOUNT,
      announcesSettlements: async () => false,
      noticeMails: (partnerId: string, s: SettlementView) => modules.portal.settlementNotices.mailsFor(partnerId, s),
    };
    const instance = () =>
      new SettlementService(new MongoSettlementsRepository(runtime.db, runtime.outbox), new MongoPaymentLinesRepository(runtime.db), partners, {
        time: '18:00',
        timeZone: 'Europe/Prague',
      });
    const cutoff = new Date();
    const [a, b] = await Promise.all([instance().close(w.h.partner.id, cutoff), instance().close(w.h.partner.id, cutoff)]);
    // both closes answer the same settlement, unless the job took the line first
    if (a && b) expect(a._id).to.equal(b._id);
    const all = await waitFor('the second settlement', async () => ((await settlements()).length > before ? settlements() : undefined), { maxWait: 30_000 });
    expect(all).to.have.length(before + 1);
    const s = all.at(-1)!;
    await waitFor('both e-mails', async () => ((await about(owner, s.reference)).length && (await about(operator, s.reference)).length ? true : undefined), {
      maxWait: 30_000,
    });

    // the same entries again on the mail topic (an outbox republished after a crash, a redelivery)
    const mails = await modules.portal.settlementNotices.mailsFor(w.h.partner.id, s as SettlementView);
    expect(mails).to.have.length(2);
    const topic = `${w.h.t.config.kafka.topicPrefix}mail`;
    for (let i = 0; i < 2; i++) {
      for (const m of mails) {
        const entry = mailEntry(m, w.h.partner.id, new Date());
        await runtime.producer.send({ topic, messages: [{ key: entry.key, value: entry.value }] });
      }
    }
    // a later message with the same key (one partition, in order): once it is in, the repeats were handled
    const marker = mailEntry({ to: owner, subject: 'Marker', text: 'after the repeats', idempotencyKey: `marker-${s.id}` }, w.h.partner.id, new Date());
    await runtime.producer.send({ topic, messages: [{ key: marker.key, value: marker.value }] });
    await waitFor('the marker', async () => ((await messages(owner)).some((x) => x.Subject === 'Marker') ? true : undefined), { maxWait: 30_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await about(owner, s.reference)).to.have.length(1);
    expect(await about(operator, s.reference)).to.have.length(1);
  });

  it('when the sandbox call closes a settlement, then nobody is e-mailed', async () => {
    // a payout and at once the sandbox close (the job may take the line first: then try again)
    let closed: any;
    for (let i = 0; i < 3 && !closed; i++) {
      await w.paid();
      const res = await w.h.t.client.post('/financing/v1/sandbox/settlements/close', {}, { token: w.h.partner.token });
      if (res.status === 201) closed = res.body;
    }
    expect(closed, 'a settlement closed by the sandbox call').to.not.equal(undefined);
    // a later e-mail to the owner has arrived: the sandbox settlement's would have come first
    const marker = mailEntry({ to: owner, subject: 'Marker 2', text: 'after', idempotencyKey: `marker-${closed.id}` }, w.h.partner.id, new Date());
    await w.h.t.api.runtime.producer.send({ topic: `${w.h.t.config.kafka.topicPrefix}mail`, messages: [{ key: marker.key, value: marker.value }] });
    await waitFor('the marker', async () => ((await messages(owner)).some((x) => x.Subject === 'Marker 2') ? true : undefined), { maxWait: 30_000 });
    expect(await about(owner, closed.reference)).to.have.length(0);
    expect(await about(operator, closed.reference)).to.have.length(0);
  });
});
