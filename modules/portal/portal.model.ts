import type { OutboxEntry } from '../../platform/outbox.js';
/** The portal's records: its users, their sessions, one-time setup links and the audit log. */

export const ROLES = ['owner', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do; the server checks these on every request (the roles table in docs/portal.md). */
export const PERMISSIONS = {
  read: ['owner', 'operator', 'viewer'],
  /** a customer's phone and addresses: those who deal with the customer, not a reader of the books */
  readCustomerContact: ['owner', 'operator'],
  fulfil: ['owner', 'operator'],
  redeliver: ['owner', 'operator'],
  sendTestNotification: ['owner', 'operator'],
  manageUsers: ['owner'],
  readAudit: ['owner'],
  manageCredentials: ['owner'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function may(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export interface PortalUserDoc {
  _id: string;
  partnerId: string;
  /** the partner's username, shown in the header */
  partnerName: string;
  /** lower case; unique over the whole portal (it is the sign-in name) */
  email: string;
  name: string;
  role: Role;
  /** absent until the user completes the setup link */
  passwordHash?: string;
  /** base32 TOTP secret, once enrolled (owners must enrol) */
  totpSecret?: string;
  /** the last TOTP time step accepted: a code is good once (RFC 6238 section 5.2) */
  totpLastStep?: number;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  createdBy?: string;
  /** the language of the e-mails the user gets (chosen when invited) */
  lang?: 'en' | 'cs';
}

/** A one-time setup link: `_id` is the SHA-256 of the token in the link, never the token. */
export interface SetupLinkDoc {
  _id: string;
  userId: string;
  /** set when written through the outbox (the invitation e-mail leaves with the link) */
  version?: number;
  outbox?: Record<string, OutboxEntry>;
  outboxAt?: Date;
  /** the TOTP secret offered on the setup page (enrolled only when a code from it is given) */
  totpSecret: string;
  expiresAt: Date;
}

/** A session: `_id` is the SHA-256 of the cookie's value; deleting the record revokes it. */
export interface SessionDoc {
  _id: string;
  userId: string;
  partnerId: string;
  /** the anti-forgery value every form of this session carries */
  csrf: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string;
  /** the TOTP key offered to an operator who must enrol (kept until a code from it is given) */
  enrolSecret?: string;
}

export interface AuditDoc {
  _id: string;
  partnerId: string;
  at: Date;
  /** the user who acted (absent for the CLI's first owner) */
  userId?: string;
  userEmail?: string;
  action: string;
  /** what it acted on: a user's e-mail, an application id */
  target?: string;
  outcome: 'ok' | 'refused';
  /** what the entry adds to its action; entries written before notes had codes hold English text */
  detail?: AuditNote | string;
  ip?: string;
}

/**
 * What an audit entry adds to its action, as a code and its values, so the log reads in the
 * reader's language (the catalogue's `auditNote_<code>`); `role`, `from` and `to` are role
 * codes, `since` an ISO time, and each is worded by the page.
 */
export const AUDIT_NOTES = [
  'invited',
  'invited-mailed',
  'with-password',
  'with-password-totp',
  'role-changed',
  'replayed',
  'replayed-refused',
  'webhook-id',
  'refused-code',
  'refused-role',
  'secret-overlap',
  'totp-required',
  'second-factor-on',
  'second-factor-off',
  'redelivery-round',
  'recovered',
] as const;
export type AuditNoteCode = (typeof AUDIT_NOTES)[number];
export interface AuditNote {
  code: AuditNoteCode;
  values?: Record<string, string>;
}

export interface PortalUserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  enabled: boolean;
  activated: boolean;
  totp: boolean;
  createdAt: Date;
}

export function userView(u: PortalUserDoc): PortalUserView {
  return {
    id: u._id,
    email: u.email,
    name: u.name,
    role: u.role,
    enabled: u.enabled,
    activated: Boolean(u.passwordHash),
    totp: Boolean(u.totpSecret),
    createdAt: u.createdAt,
  };
}
