import type { MailMessage } from '../../platform/mail.js';
import type { SettlementView } from '../payments/index.js';
import { may } from './portal.model.js';
import type { PortalRepository } from './portal.repository.js';
import { settlementNoticeMail } from './portal-mail.js';

/**
 * The settlement notice: when the daily job writes a settlement, each of the partner's
 * contacts gets one e-mail in their language with its reference, cut-off, value date,
 * transfer, masked account, line count and a link to its page. The portal has no accounting
 * role: the contacts are those the endpoint alerts mail (enabled owners and operators who
 * completed setup). The payments module writes these e-mails as outbox entries of the
 * settlement's own insert, and their ids derive from the settlement's id and the contact,
 * so two instances closing the same cut-off (one insert wins) or a redelivered entry (the
 * mail consumer's inbox) still send one e-mail per contact.
 */
export class SettlementNotices {
  constructor(
    private readonly repo: Pick<PortalRepository, 'contactsOf'>,
    private readonly publicBaseUrl: string,
  ) {}

  async mailsFor(partnerId: string, settlement: SettlementView): Promise<MailMessage[]> {
    const contacts = (await this.repo.contactsOf(partnerId)).filter((u) => u.enabled && u.passwordHash && may(u.role, 'redeliver'));
    return contacts.map((c) => settlementNoticeMail(c, settlement, this.publicBaseUrl));
  }
}
