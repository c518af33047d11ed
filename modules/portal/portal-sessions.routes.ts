import type Router from '@koa/router';
import type { Clock } from '../../platform/clock.js';
import type { AppContext } from '../../platform/http/state.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';
import type { PortalAccounts } from './portal-accounts.service.js';
import type { PortalRepository } from './portal.repository.js';
import type { SessionStore } from './portal-sessions.js';
import { actorOf, portalOf, render, requireUser } from './portal.http.js';
import { enrolBody, qrSvg } from './portal-sessions.views.js';

export interface SessionRouteDeps {
  accounts: PortalAccounts;
  repo: PortalRepository;
  store: SessionStore;
  clock: Clock;
}

/** Second-factor enrolment an operator is sent to, and the owners' rule that sends them. */
export function mountSessionRoutes(router: Router, deps: SessionRouteDeps): void {
  const { accounts, repo, store, clock } = deps;

  /** The key offered to this session: made once, kept on the session until enrolled. */
  const offeredKey = async (ctx: AppContext): Promise<string> => {
    const { session } = portalOf(ctx);
    const current = await repo.sessions.findOne({ _id: session!._id });
    if (current?.enrolSecret) return current.enrolSecret;
    const secret = newTotpSecret();
    await repo.sessions.updateOne({ _id: session!._id }, { $set: { enrolSecret: secret } });
    return secret;
  };
  const showEnrol = async (ctx: AppContext, wrong = false) => {
    const { m, csrf, user } = portalOf(ctx);
    const secret = await offeredKey(ctx);
    const uri = totpUri(secret, user!.email);
    render(
      ctx,
      { title: m.enrolTitle, narrow: true, ...(wrong ? { flash: { text: m.enrolWrong, error: true } } : {}) },
      enrolBody(m, { csrf, secret, uri, qr: await qrSvg(uri, m) }),
      wrong ? 400 : 200,
    );
  };

  router.get('/portal/enrol', async (koa) => {
    const ctx = koa as unknown as AppContext;
    await requireUser(ctx, 'read', accounts);
    if (!portalOf(ctx).mustEnrol) return void ((ctx.status = 303), ctx.redirect('/portal/'));
    await showEnrol(ctx);
  });
  router.post('/portal/enrol', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'read', accounts);
    if (!portalOf(ctx).mustEnrol) return void ((ctx.status = 303), ctx.redirect('/portal/'));
    const secret = await offeredKey(ctx);
    const code = String((ctx.request.body as Record<string, unknown>).code ?? '')
      .trim()
      .slice(0, 10);
    const step = totpStep(secret, code, clock.now());
    if (step === undefined) return showEnrol(ctx, true);
    // enrolled once: a second tab's enrolment with another key does not replace it
    const done = await repo.users.updateOne(
      { _id: user._id, partnerId: user.partnerId, totpSecret: { $exists: false } },
      { $set: { totpSecret: secret, totpLastStep: step, updatedAt: clock.now() } },
    );
    if (done.modifiedCount === 1) await accounts.audit(actorOf(ctx), 'user.totp-enrolled', { detail: { code: 'totp-required' } });
    ctx.status = 303;
    ctx.redirect('/portal/');
  });

  router.post('/portal/users/second-factor', async (koa) => {
    const ctx = koa as unknown as AppContext;
    const user = await requireUser(ctx, 'manageUsers', accounts, 'partner.second-factor');
    const on = (ctx.request.body as Record<string, unknown>).operatorsNeedTotp === 'yes';
    if (await store.setOperatorsNeedTotp(user.partnerId, on, clock.now(), user._id))
      await accounts.audit(actorOf(ctx), 'partner.second-factor', { detail: { code: on ? 'second-factor-on' : 'second-factor-off' } });
    ctx.status = 303;
    ctx.redirect(`/portal/users?policy=${on ? 'on' : 'off'}`);
  });
}
