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

/** To a technical contact: an endpoint has failed for the configured time. */
export function endpointFailingMail(
  user: Pick<PortalUserDoc, 'email' | 'name' | 'partnerName' | 'lang'>,
  v: { url: string; since: Date; link: string; idempotencyKey: string },
): MailMessage {
  const m = CATALOGUES[user.lang ?? 'en'];
  const values = { name: user.name, partner: user.partnerName, url: v.url, since: formatDateTime(v.since, m), link: v.link };
  return { to: user.email, subject: fill(m.mailFailingSubject, values), text: fill(m.mailFailingText, values), idempotencyKey: v.idempotencyKey };
}

/** To a technical contact: the endpoint that was reported failing acknowledges again. */
export function endpointRecoveredMail(
  user: Pick<PortalUserDoc, 'email' | 'name' | 'partnerName' | 'lang'>,
  v: { url: string; at: Date; link: string; idempotencyKey: string },
): MailMessage {
  const m = CATALOGUES[user.lang ?? 'en'];
  const values = { name: user.name, partner: user.partnerName, url: v.url, at: formatDateTime(v.at, m), link: v.link };
  return { to: user.email, subject: fill(m.mailRecoveredSubject, values), text: fill(m.mailRecoveredText, values), idempotencyKey: v.idempotencyKey };
}
