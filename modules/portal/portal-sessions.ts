import { createHash, randomBytes } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { escapeHtml } from '../../platform/http/html.js';

/**
 * What keeps a session honest when it ends under a person's hands: the page to come back to
 * after sign-in (only ever a path of the portal), the form a person sent after the session
 * ended (kept server-side for minutes, restored pre-filled, never sent again by itself), and
 * the partner's rule that operators need the second factor.
 */

/** Where sign-in never returns to: pages of signing in itself, and what is not a page. */
const NO_RETURN = /^\/portal\/(?:sign-in|sign-out|setup\/|lang\/|assets\/|enrol)/;

/**
 * A `return` value is accepted only as a path of the portal on this origin: it starts with
 * `/portal/` (or is `/portal`), its path has only unreserved characters (no `%`, no
 * backslash, no `//`, no dot segment), and its query only characters a URL needs. Anything
 * else, encoded forms of another host included, gives undefined (the caller goes to the
 * overview): the portal is never an open redirect.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const m = /^(\/portal(?:\/[A-Za-z0-9._~-]*)*)(\?[A-Za-z0-9._~=&%+:,-]*)?$/.exec(value);
  if (!m) return undefined;
  const path = m[1]!;
  if (path.includes('//') || /\/\.{1,2}(?:\/|$)/.test(path)) return undefined;
  if (NO_RETURN.test(path)) return undefined;
  // a query may carry %XX of a search term, never an escape that is not one
  if (m[2] && /%(?![0-9A-Fa-f]{2})/.test(m[2])) return undefined;
  return path === '/portal' ? '/portal/' : value;
}

/** Fields never kept: the anti-forgery value, the form's one-time (idempotency) key, passwords and codes. */
const SECRET_FIELD = /^(?:csrf|key|formKey|idempotencyKey)$|pass|code|secret|token|otp/i;
const MAX_FIELDS = 60;
const MAX_VALUE = 4000;

/** The fields of a form worth keeping for the person: strings (or lists of them), secrets left out. */
export function keptFields(body: Record<string, unknown>): Record<string, string[]> {
  const kept: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body).slice(0, MAX_FIELDS)) {
    if (SECRET_FIELD.test(name) || name.length > 100 || !/^[A-Za-z0-9_.[\]-]+$/.test(name)) continue;
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string').map((v) => v.slice(0, MAX_VALUE));
    if (values.length) kept[name] = values.slice(0, 20);
  }
  return kept;
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m ? m[1] : undefined;
};
const withAttr = (tag: string, name: string, value: string | null): string => {
  const stripped = tag.replace(new RegExp(`\\s${name}(?:="[^"]*")?(?=[\\s>/])`, 'gi'), '');
  if (value === null) return stripped;
  return stripped.replace(/\s*\/?>$/, (end) => ` ${name}${value === '' ? '' : `="${escapeHtml(value)}"`}${end.trim() === '/>' ? ' />' : '>'}`);
};
const unescape = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#96;/g, '`')
    .replace(/&amp;/g, '&');

/**
 * The page's forms posting to `action`, pre-filled with the kept fields: text inputs get
 * their value, checkboxes and radios are checked by value, a select's option is selected,
 * a textarea gets its text. Hidden fields (the fresh anti-forgery value and form key) and
 * password fields are left as rendered. Works on the portal's own markup (double-quoted
 * attributes, escaped by its `html` template). `found` is false when the page has no such form.
 */
export function prefillForms(page: string, action: string, fields: Record<string, string[]>): { text: string; found: boolean } {
  let found = false;
  const text = page.replace(/<form\b[^>]*>[\s\S]*?<\/form>/g, (form) => {
    const open = /^<form\b[^>]*>/.exec(form)![0];
    if ((attr(open, 'method') ?? 'get').toLowerCase() !== 'post' || unescape(attr(open, 'action') ?? '') !== action) return form;
    found = true;
    return form
      .replace(/<input\b[^>]*>/g, (input) => {
        const name = attr(input, 'name');
        const type = (attr(input, 'type') ?? 'text').toLowerCase();
        if (!name || !fields[name] || ['hidden', 'password', 'submit', 'button', 'file'].includes(type)) return input;
        if (type === 'checkbox' || type === 'radio')
          return withAttr(input, 'checked', fields[name].includes(unescape(attr(input, 'value') ?? 'on')) ? '' : null);
        return withAttr(input, 'value', fields[name][0]!);
      })
      .replace(/(<select\b[^>]*>)([\s\S]*?)(<\/select>)/g, (all, openTag: string, options: string, close: string) => {
        const name = attr(openTag, 'name');
        if (!name || !fields[name]) return all;
        const wanted = fields[name];
        return (
          openTag + options.replace(/<option\b[^>]*>/g, (o) => withAttr(o, 'selected', wanted.includes(unescape(attr(o, 'value') ?? '')) ? '' : null)) + close
        );
      })
      .replace(/(<textarea\b[^>]*>)([\s\S]*?)(<\/textarea>)/g, (all, openTag: string, _old: string, close: string) => {
        const name = attr(openTag, 'name');
        return name && fields[name] ? openTag + escapeHtml(fields[name][0]!) + close : all;
      });
  });
  return { text, found };
}

/** A form sent after its session ended, waiting for the same person to sign in again. */
export interface PendingFormDoc {
  /** the SHA-256 of the random value in the browser's `__Host-pf_form` cookie */
  _id: string;
  /** the user whose session it was (from the `__Host-pf_who` cookie) */
  userId: string;
  /** the POST address of the form */
  action: string;
  fields: Record<string, string[]>;
  createdAt: Date;
  expiresAt: Date;
}

/** A partner's portal rules that owners set. */
export interface PartnerPolicyDoc {
  _id: string;
  /** operators must enrol TOTP before they may do anything */
  operatorsNeedTotp: boolean;
  updatedAt: Date;
  updatedBy?: string;
}

const hashOf = (token: string) => createHash('sha256').update(`pending-form\n${token}`).digest('base64url');

/** Kept forms and partner rules in the store (a TTL index removes an expired kept form). */
export class SessionStore {
  readonly pending: Collection<PendingFormDoc>;
  readonly policies: Collection<PartnerPolicyDoc>;

  constructor(db: Db) {
    this.pending = db.collection('portal_pending_forms');
    this.policies = db.collection('portal_partner_policies');
  }

  static async createIndexes(db: Db): Promise<void> {
    await db.collection('portal_pending_forms').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  }

  /** Keeps a form; the returned value goes into the browser's cookie (only its hash is stored). */
  async keep(doc: Omit<PendingFormDoc, '_id'>): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.pending.insertOne({ _id: hashOf(token), ...doc });
    return token;
  }

  /** The kept form of a cookie's value while it is still good, else undefined. */
  async find(token: string, now: Date): Promise<PendingFormDoc | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const doc = await this.pending.findOne({ _id: hashOf(token) });
    return doc && doc.expiresAt > now ? doc : undefined;
  }

  /** Takes the kept form: it is shown once. */
  async take(token: string): Promise<void> {
    if (/^[A-Za-z0-9_-]{43}$/.test(token)) await this.pending.deleteOne({ _id: hashOf(token) });
  }

  async operatorsNeedTotp(partnerId: string): Promise<boolean> {
    return (await this.policies.findOne({ _id: partnerId }))?.operatorsNeedTotp === true;
  }

  async setOperatorsNeedTotp(partnerId: string, on: boolean, now: Date, by?: string): Promise<boolean> {
    const before = await this.policies.findOneAndUpdate(
      { _id: partnerId },
      { $set: { operatorsNeedTotp: on, updatedAt: now, ...(by ? { updatedBy: by } : {}) } },
      { upsert: true, returnDocument: 'before' },
    );
    return (before?.operatorsNeedTotp === true) !== on;
  }
}
