import type { MailMessage } from '../../platform/mail.js';
import { CATALOGUES, fill, formatDateTime } from './portal.i18n.js';
import type { PortalUserDoc } from './portal.model.js';

/**
 * The portal's e-mails, in the user's language (chosen when invited; English otherwise),
 * plain text: they carry a link and a few facts, nothing a client would render differently.
 */
export function invitationMail(
  user: Pick<PortalUserDoc, 'email' | 'name' | 'partnerName' | 'lang'>,
  v: { link: string; expiresAt: Date; inviter?: string | undefined; idempotencyKey: string },
): MailMessage {
  const m = CATALOGUES[user.lang ?? 'en'];
  const values = { name: user.name, partner: user.partnerName, link: v.link, when: formatDateTime(v.expiresAt, m), inviter: v.inviter ?? m.mailInviterUnknown };
  return {
    to: user.email,
    subject: fill(m.mailInviteSubject, values),
    text: fill(m.mailInviteText, values),
    idempotencyKey: v.idempotencyKey,
  };
}
