import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import { AppError, InvalidRequestError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { dummyHash, hashPassword, passwordProblem, verifyPassword, type LoginThrottle } from '../auth/index.js';
import type { PortalRepository } from './portal.repository.js';
import { ROLES, type AuditDoc, type AuditNote, type PortalUserDoc, type Role, type SessionDoc } from './portal.model.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';
import type { Lang } from './portal.i18n.js';
import { invitationMail } from './portal-mail.js';

export interface AccountsOptions {
  sessionTtlMs: number;
  setupLinkTtlMs: number;
}

/** Who does something in the portal, and from where (for the audit log). */
export interface Actor {
  userId?: string;
  email?: string;
  partnerId: string;
  ip?: string;
}

export type SignIn =
  | { ok: true; token: string; session: SessionDoc; user: PortalUserDoc }
  | { ok: false; reason: 'invalid' | 'throttled' | 'codeReused'; retryAfterSeconds?: number };

export const EMAIL_PATTERN = /^[^\s@<>"']{1,64}@[^\s@<>"']{1,190}$/;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Portal users and their sessions: create (the CLI's first owner, an owner's invitation),
 * the one-time setup link (password and TOTP), sign-in with the API's login throttle,
 * sessions in the store, disable with immediate revocation, and the audit log.
 */
export class PortalAccounts {
  constructor(
    private readonly deps: {
      repo: PortalRepository;
      clock: Clock;
      throttle: LoginThrottle;
      opts: AccountsOptions;
      /** the address setup links start with: given, setup links are e-mailed (the API process) */
      mailLinksFrom?: string;
    },
  ) {}

  async createUser(
    partner: { id: string; name: string },
    input: { email: string; name: string; role: Role; lang?: Lang },
    actor?: Actor,
  ): Promise<{ user: PortalUserDoc; setupToken: string; expiresAt: Date; mailed: boolean }> {
    const email = input.email.trim().toLowerCase();
    const name = input.name.trim();
    if (!EMAIL_PATTERN.test(email)) throw new InvalidRequestError('email: an e-mail address', { attribute: 'email' });
    if (!name || name.length > 100) throw new InvalidRequestError('name: 1-100 characters', { attribute: 'name' });
    if (!ROLES.includes(input.role)) throw new InvalidRequestError(`role: one of ${ROLES.join(', ')}`, { attribute: 'role' });
    const now = this.deps.clock.now();
    const user: PortalUserDoc = {
      _id: newId(),
      partnerId: partner.id,
      partnerName: partner.name,
      email,
      name,
      role: input.role,
      enabled: true,
      createdAt: now,
      updatedAt: now,
      ...(actor?.userId ? { createdBy: actor.userId } : {}),
      ...(input.lang ? { lang: input.lang } : {}),
    };
    if (!(await this.deps.repo.insertUser(user)))
      throw new AppError('EMAIL_TAKEN', `${email} already has a portal account.`, { status: 409, attribute: 'email' });
    const { token: setupToken, expiresAt } = await this.issueSetupLink(user, actor?.email);
    // without an actor our operators made the account: a partner's first owner, in production
    const action = actor ? 'user.invited' : input.role === 'owner' ? 'owner.created' : 'user.created';
    await this.audit({ ...(actor ?? { partnerId: partner.id }), partnerId: partner.id }, action, {
      target: email,
      detail: { code: this.deps.mailLinksFrom ? 'invited-mailed' : 'invited', values: { role: input.role } },
    });
    return { user, setupToken, expiresAt, mailed: this.deps.mailLinksFrom !== undefined };
  }

  /**
   * A pending invitation sent again: a new link (the earlier one stops working) and a new
   * e-mail. A user who completed setup, or another partner's, is not found.
   */
  async resendInvitation(actor: Actor, userId: string): Promise<{ user: PortalUserDoc; setupToken: string; expiresAt: Date }> {
    const user = await this.deps.repo.userById(userId);
    if (!user || user.partnerId !== actor.partnerId || user.passwordHash) throw new NotFoundError('No pending invitation for this user.');
    const { token, expiresAt } = await this.issueSetupLink(user, actor.email);
    await this.audit(actor, 'user.invitation-resent', { target: user.email });
    return { user, setupToken: token, expiresAt };
  }

  /** A pending invitation revoked: its link stops working and the e-mail can be invited afresh. */
  async revokeInvitation(actor: Actor, userId: string): Promise<PortalUserDoc> {
    const user = await this.deps.repo.deletePendingUser(actor.partnerId, userId);
    if (!user) throw new NotFoundError('No pending invitation for this user.');
    await this.deps.repo.deleteSetupLinksOf(userId);
    await this.audit(actor, 'user.invitation-revoked', { target: user.email });
    return user;
  }

  private async issueSetupLink(user: PortalUserDoc, inviter?: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + this.deps.opts.setupLinkTtlMs);
    const id = hashOf(token);
    const mail = this.deps.mailLinksFrom
      ? invitationMail(user, {
          link: `${this.deps.mailLinksFrom.replace(/\/$/, '')}/portal/setup/${token}`,
          expiresAt,
          inviter,
          idempotencyKey: `invite-${id.slice(0, 32)}`,
        })
      : undefined;
    await this.deps.repo.replaceSetupLink({ _id: id, userId: user._id, totpSecret: newTotpSecret(), expiresAt }, mail, now);
    return { token, expiresAt };
  }

  /** What the setup page shows, or undefined for an unknown, used or expired link. */
  async openSetup(token: string): Promise<{ user: PortalUserDoc; totpSecret: string; totpUri: string } | undefined> {
    const link = await this.deps.repo.setupLink(hashOf(token));
    if (!link || link.expiresAt <= this.deps.clock.now()) return undefined;
    const user = await this.deps.repo.userById(link.userId);
    if (!user || !user.enabled) return undefined;
    return { user, totpSecret: link.totpSecret, totpUri: totpUri(link.totpSecret, user.email) };
  }

  /**
   * Sets the password and, when a code is given (always, for an owner, and for an operator
   * when the partner requires it of operators), enrols the TOTP
   * secret the page showed. The link is taken in the same step: it works once.
   */
  async completeSetup(
    token: string,
    password: string,
    code: string,
    ip: string,
    /** the partner requires the second factor of operators */
    operatorsNeedTotp = false,
  ): Promise<PortalUserDoc> {
    const opened = await this.openSetup(token);
    if (!opened) throw new NotFoundError('This setup link is unknown, used or expired.');
    const problem = passwordProblem(password);
    if (problem) throw new InvalidRequestError(problem, { attribute: 'password' });
    const now = this.deps.clock.now();
    const wantsTotp = opened.user.role === 'owner' || (operatorsNeedTotp && opened.user.role === 'operator') || code !== '';
    const step = wantsTotp ? totpStep(opened.totpSecret, code, now) : undefined;
    if (wantsTotp && step === undefined) throw new InvalidRequestError('the code from the authenticator app is not right', { attribute: 'code' });
    if (!(await this.deps.repo.takeSetupLink(hashOf(token)))) throw new NotFoundError('This setup link is unknown, used or expired.');
    const set: Partial<PortalUserDoc> = { passwordHash: await hashPassword(password), updatedAt: now };
    if (step !== undefined) Object.assign(set, { totpSecret: opened.totpSecret, totpLastStep: step });
    const user = await this.deps.repo.updateUser(opened.user.partnerId, opened.user._id, set);
    if (!user) throw new NotFoundError('This setup link is unknown, used or expired.');
    await this.deps.repo.deleteSessionsOf(user._id);
    await this.audit({ partnerId: user.partnerId, userId: user._id, email: user.email, ip }, 'user.setup', {
      detail: { code: step !== undefined ? 'with-password-totp' : 'with-password' },
    });
    return user;
  }

  /**
   * Password, then TOTP when the user enrolled it (every owner has). Counted by the API's
   * login throttle under a portal key, refunded on success; an unknown e-mail costs the
   * same hashing time as a known one.
   */
  async signIn(input: { email: string; password: string; code: string; ip: string }): Promise<SignIn> {
    const email = input.email.trim().toLowerCase();
    const now = this.deps.clock.now();
    const attempt = await this.deps.throttle.begin(`portal|${email}`, input.ip, now.getTime());
    if (!attempt.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
    const user = email.length <= 255 ? await this.deps.repo.userByEmail(email) : null;
    const passwordOk = await verifyPassword(input.password.slice(0, 1024), user?.passwordHash ?? (await dummyHash()));
    let ok = Boolean(user && user.enabled && user.passwordHash && passwordOk);
    let reused = false;
    if (ok && (user!.totpSecret || user!.role === 'owner')) {
      const step = user!.totpSecret ? totpStep(user!.totpSecret, input.code, now) : undefined;
      ok = step !== undefined && (await this.deps.repo.claimTotpStep(user!._id, step));
      // a right code whose time step was used already: the person needs to wait for the next code, not to retype
      reused = step !== undefined && !ok;
    }
    await attempt.settle(ok);
    if (!ok || !user) {
      if (user) await this.audit({ partnerId: user.partnerId, userId: user._id, email: user.email, ip: input.ip }, 'session.sign-in', { outcome: 'refused' });
      return { ok: false, reason: reused ? 'codeReused' : 'invalid' };
    }
    const token = newToken();
    const session: SessionDoc = {
      _id: hashOf(token),
      userId: user._id,
      partnerId: user.partnerId,
      csrf: newToken(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.deps.opts.sessionTtlMs),
      ip: input.ip,
    };
    await this.deps.repo.insertSession(session);
    await this.audit({ partnerId: user.partnerId, userId: user._id, email: user.email, ip: input.ip }, 'session.sign-in');
    return { ok: true, token, session, user };
  }

  /** The live session of a cookie and its user; undefined once expired, revoked or the user disabled. */
  async session(token: string): Promise<{ session: SessionDoc; user: PortalUserDoc } | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const session = await this.deps.repo.session(hashOf(token));
    if (!session || session.expiresAt <= this.deps.clock.now()) return undefined;
    const user = await this.deps.repo.userById(session.userId);
    if (!user || !user.enabled || user.partnerId !== session.partnerId) return undefined;
    return { session, user };
  }

  async signOut(token: string, actor: Actor): Promise<void> {
    await this.deps.repo.deleteSession(hashOf(token));
    await this.audit(actor, 'session.sign-out');
  }

  usersOf(partnerId: string): Promise<PortalUserDoc[]> {
    return this.deps.repo.usersOf(partnerId);
  }

  /** Disable ends every session of the user at once; an owner cannot disable themself. */
  async setEnabled(actor: Actor, userId: string, enabled: boolean): Promise<PortalUserDoc> {
    if (actor.userId === userId && !enabled) throw new AppError('SELF_DISABLE', 'You cannot disable your own account.', { status: 409 });
    const user = await this.deps.repo.updateUser(actor.partnerId, userId, { enabled, updatedAt: this.deps.clock.now() });
    if (!user) throw new NotFoundError('No such user.');
    if (!enabled) await this.deps.repo.deleteSessionsOf(userId);
    await this.audit(actor, enabled ? 'user.enabled' : 'user.disabled', { target: user.email });
    return user;
  }

  /**
   * An owner gives another user of the partner a new role; it holds from that user's next
   * request (the role is read with the session). An owner's own role is not changed here,
   * so a partner always keeps the owner who acts; an owner must have the second factor, so
   * a user without TOTP becomes an owner only after a new setup link.
   */
  async setRole(actor: Actor, userId: string, role: Role): Promise<PortalUserDoc> {
    if (!ROLES.includes(role)) throw new InvalidRequestError('role: one of owner, operator, viewer', { attribute: 'role' });
    if (actor.userId === userId) throw new AppError('SELF_ROLE_CHANGE', 'You cannot change your own role: another owner can.', { status: 409 });
    const current = await this.deps.repo.userById(userId);
    if (!current || current.partnerId !== actor.partnerId) throw new NotFoundError('No such user.');
    if (role === 'owner' && !current.totpSecret)
      throw new AppError(
        'SECOND_FACTOR_REQUIRED',
        'An owner needs the second factor, which this user has not enrolled: invite the new owner instead (an owner enrols it at setup).',
        { status: 409 },
      );
    if (current.role === role) return current;
    const user = await this.deps.repo.updateUser(actor.partnerId, userId, { role, updatedAt: this.deps.clock.now() });
    if (!user) throw new NotFoundError('No such user.');
    await this.audit(actor, 'user.role', { target: user.email, detail: { code: 'role-changed', values: { from: current.role, to: role } } });
    return user;
  }

  async audit(actor: Actor, action: string, more: { target?: string; detail?: AuditNote; outcome?: AuditDoc['outcome'] } = {}): Promise<void> {
    await this.deps.repo.appendAudit({
      _id: newId(),
      partnerId: actor.partnerId,
      at: this.deps.clock.now(),
      action,
      outcome: more.outcome ?? 'ok',
      ...(actor.userId ? { userId: actor.userId } : {}),
      ...(actor.email ? { userEmail: actor.email } : {}),
      ...(actor.ip ? { ip: actor.ip } : {}),
      ...(more.target ? { target: more.target } : {}),
      ...(more.detail ? { detail: more.detail } : {}),
    });
  }

  auditLog(partnerId: string, limit: number, before?: { at: Date; id: string }): Promise<AuditDoc[]> {
    return this.deps.repo.auditOf(partnerId, limit, before);
  }
}
