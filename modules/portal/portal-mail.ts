import type { MailMessage } from '../../platform/mail.js';
import type { SettlementView } from '../payments/index.js';
import { CATALOGUES, fill, formatDate, formatDateTime, formatMoney } from './portal.i18n.js';
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

/**
 * A bank account with every digit of its number but the last four hidden: enough for an
 * accountant to tell which account, nothing for a reader of a forwarded e-mail to use. A
 * Czech account's bank code (after the slash) stays: it names the bank, not the account.
 */
export function maskAccount(account: string): string {
  const [number, bank] = account.split('/');
  let shown = 0;
  const masked = [...number!]
    .reverse()
    .map((ch) => (/\d/.test(ch) ? (shown++ < 4 ? ch : '*') : ch))
    .reverse()
    .join('');
  return bank === undefined ? masked : `${masked}/${bank}`;
}

/**
 * To a contact of the partner: a settlement was written. Its figures and a link to its page,
 * the account masked; no line's order or customer (the page, behind sign-in, has them).
 */
export function settlementNoticeMail(
  user: Pick<PortalUserDoc, '_id' | 'email' | 'name' | 'partnerName' | 'lang'>,
  s: SettlementView,
  publicBaseUrl: string,
): MailMessage {
  const m = CATALOGUES[user.lang ?? 'en'];
  const money = (x: { amount: number; currency: string }) => formatMoney(x.amount, x.currency, m);
  const values = {
    name: user.name,
    partner: user.partnerName,
    reference: s.reference,
    cutoff: formatDateTime(s.cutoffAt, m),
    valueDate: formatDate(`${s.valueDate}T12:00:00Z`, m),
    transfer: money(s.transfer),
    account: s.bankAccount ? maskAccount(s.bankAccount) : m.mailSettlementNoAccount,
    lines: s.lineCount,
    note: s.carriedOut.amount < 0 ? fill(m.mailSettlementCarried, { carried: money(s.carriedOut) }) : '',
    link: `${publicBaseUrl.replace(/\/$/, '')}/portal/settlements/${s.id}`,
  };
  return {
    to: user.email,
    subject: fill(m.mailSettlementSubject, values),
    text: fill(m.mailSettlementText, values),
    // one per settlement and contact: a second write or a redelivery of the entry sends nothing more
    idempotencyKey: `settlement-notice-${s.id}-${user._id}`,
  };
}
