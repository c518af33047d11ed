import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { MAIL_TOPIC, type MailMessage } from '../../platform/mail.js';
import type { PaymentLineDoc } from './payment-lines.model.js';
import { InMemoryPaymentLinesRepository } from './payment-lines.repository.fake.js';
import { InMemorySettlementsRepository } from './settlements.repository.fake.js';
import { SettlementService, type SettlementPartners } from './settlement.service.js';
import { DEFAULT_CUTOFF } from './settlement.cutoff.js';

const line = (id: string, at: Date): PaymentLineDoc =>
  ({
    _id: id,
    partnerId: 'p',
    applicationId: `a-${id}`,
    type: 'PAYOUT',
    gross: 10_000,
    fee: 250,
    net: 9_750,
    currency: 'CZK',
    date: '2026-11-27',
    createdAt: at,
    body: {} as never,
    settlementId: null,
    settled: false,
  }) as unknown as PaymentLineDoc;

describe('settlement notice e-mails in the settlement write', () => {
  const setup = async () => {
    const clock = new ManualClock(new Date('2026-11-27T16:00:00Z'));
    const repo = new InMemorySettlementsRepository();
    const lines = new InMemoryPaymentLinesRepository();
    const asked: string[] = [];
    const partners: SettlementPartners = {
      bankAccount: async () => '19-2000145399/0800',
      announcesSettlements: async () => false,
      noticeMails: async (partnerId, s): Promise<MailMessage[]> => {
        asked.push(s.reference);
        return [
          {
            to: 'owner@shop.example',
            subject: `Settlement ${s.reference}`,
            text: `${s.transfer.amount} ${s.lineCount}`,
            idempotencyKey: `settlement-notice-${s.id}-u1`,
          },
        ];
      },
    };
    const service = new SettlementService(repo, lines, partners, DEFAULT_CUTOFF, clock);
    return { clock, repo, lines, asked, service, partners };
  };

  it('when the job closes a cut-off, then the settlement is written with its notice e-mails; two closes of the same cut-off at once write one', async () => {
    const { repo, lines, service, partners, clock } = await setup();
    await lines.record(line('l1', new Date('2026-11-27T15:00:00Z')));
    const other = new SettlementService(repo, lines, partners, DEFAULT_CUTOFF, clock);
    const cutoff = new Date('2026-11-27T17:00:00Z');
    const [a, b] = await Promise.all([service.close('p', cutoff), other.close('p', cutoff)]);
    expect(a!._id).to.equal(b!._id);
    const mails = repo.written.filter((e) => e.topic === MAIL_TOPIC);
    expect(mails.map((e) => e.id)).to.deep.equal([`settlement-notice-${a!._id}-u1`]);
    expect(JSON.parse(mails[0]!.value).text).to.equal('9750 1');
  });

  it('when the sandbox call closes, then no e-mail is written (nor asked for)', async () => {
    const { repo, lines, service, asked } = await setup();
    await lines.record(line('l1', new Date('2026-11-27T15:00:00Z')));
    const s = await service.close('p', new Date('2026-11-27T15:30:00Z'), { sandbox: true });
    expect(s!.lineCount).to.equal(1);
    expect(repo.written.filter((e) => e.topic === MAIL_TOPIC)).to.deep.equal([]);
    expect(asked).to.deep.equal([]);
  });
});
