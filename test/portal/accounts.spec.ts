import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { ManualClock } from '../../platform/clock.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { plainRequest } from '../support/http.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { freePort, launchBrowser } from '../gateway/browser.js';
import { completeSetup, csrfOf, portalOwnerByCli, postForm, signIn, type PortalUser } from './portal-support.js';

/**
 * Portal users in Debian's Chromium: the CLI's first owner, setup with TOTP, sign-in,
 * roles, invitations, disable, CSRF, session expiry, the audit log. The API runs on a
 * ManualClock, so TOTP steps and the session lifetime move when the test says.
 */
describe('the partner portal: users, sign-in and sessions', function () {
  this.timeout(120_000);
  const clock = new ManualClock(Date.now());
  let t: TestApi;
  let partner: TestPartner;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const contexts: Array<{ context: BrowserContext; close(): Promise<void> }> = [];
  let ownerPage: Page;
  let owner: PortalUser;
  const step = async () => {
    await clock.advance(30_000);
    return clock.now();
  };

  before(async () => {
    const port = await freePort();
    t = await startTestApi(
      {
        HTTPS_PORT: String(port),
        PUBLIC_BASE_URL: `https://localhost:${port}`,
        PORTAL_SESSION_TTL: '2h',
        EXPIRY_SWEEP_INTERVAL: '1h',
        EXPIRY_FULL_SWEEP_INTERVAL: '1h',
      },
      { clock },
    );
    partner = await provisionPartner(t);
    browser = await launchBrowser();
    ownerPage = await browser.context.newPage();
  });
  after(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await t?.stop();
  });

  async function freshPage(js = true): Promise<Page> {
    const c = await launchBrowser({ javaScriptEnabled: js });
    contexts.push(c);
    return c.context.newPage();
  }

  it('when the CLI creates the first owner, then its one-time link sets a password and TOTP, and sign-in needs both', async () => {
    const printed = await portalOwnerByCli(t.config, partner.username, `owner-${partner.username}@shop.example`);
    expect(printed.role).to.equal('owner');
    expect(printed.setupLink).to.match(new RegExp(`^${t.baseUrl}/portal/setup/[A-Za-z0-9_-]{43}$`));
    owner = await completeSetup(ownerPage, printed.setupLink, { email: `owner-${partner.username}@shop.example`, password: 'correct horse battery' }, clock);
    // the link works once
    const again = await ownerPage.goto(printed.setupLink);
    expect(again!.status()).to.equal(404);
    // an owner without the code is refused
    await signIn(ownerPage, t.baseUrl, { ...owner, secret: undefined }, clock.now());
    expect(await ownerPage.getByRole('alert').textContent()).to.include('not right');
    // the code used at setup is spent: the same step is refused, with a message of its own
    await signIn(ownerPage, t.baseUrl, owner, clock.now());
    expect(await ownerPage.getByRole('alert').textContent()).to.include('This code was used already');
    // the key shown in groups of four is the key without its spaces
    expect(owner.secret).to.match(/^[A-Z2-7]+$/);
    await signIn(ownerPage, t.baseUrl, owner, await step());
    await ownerPage.waitForURL(`${t.baseUrl}/portal/`);
    expect(await ownerPage.getByRole('heading', { level: 1 }).textContent()).to.equal('Overview');
    const cookie = (await ownerPage.context().cookies(t.baseUrl)).find((c) => c.name === '__Host-pf_session')!;
    expect(cookie).to.include({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
  });

  it('when a page is served, then its CSP allows no script and it is never cached', async () => {
    const res = await t.client.get('/portal/sign-in', { headers: { Accept: 'text/html' } });
    expect(res.status).to.equal(200);
    expect(res.headers['content-security-policy']).to.include("default-src 'none'").and.not.include('script-src').and.not.include('unsafe');
    expect(res.headers['cache-control']).to.equal('no-store');
    expect(res.text).not.to.include('<script');
  });

  it('when the browser asks for Czech, then the page is Czech, and the switch turns it to English', async () => {
    const page = await freshPage(false);
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'cs-CZ,cs;q=0.9,en;q=0.5' });
    await page.goto(`${t.baseUrl}/portal/sign-in`);
    expect(await page.locator('html').getAttribute('lang')).to.equal('cs');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Přihlášení');
    await page.getByRole('link', { name: 'English' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Sign in');
  });

  let viewerPage: Page;
  let viewer: PortalUser;
  it('when an owner invites a viewer, then the viewer signs in without TOTP and every owner action is refused on the server', async () => {
    await ownerPage.goto(`${t.baseUrl}/portal/users`);
    await ownerPage.getByLabel('Name').fill('Vera Viewer');
    await ownerPage.getByLabel('E-mail', { exact: true }).fill(`viewer-${partner.username}@shop.example`);
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('viewer');
    await ownerPage.getByRole('button', { name: 'Create and show setup link' }).click();
    const link = (await ownerPage.locator('#setup-link').textContent())!.trim();
    viewerPage = await freshPage();
    viewer = await completeSetup(viewerPage, link, { email: `viewer-${partner.username}@shop.example`, password: 'viewer password 1' }, clock, false);
    await signIn(viewerPage, t.baseUrl, viewer, clock.now());
    await viewerPage.waitForURL(`${t.baseUrl}/portal/`);
    expect(await viewerPage.getByRole('link', { name: 'Users' }).count()).to.equal(0);
    const users = await viewerPage.goto(`${t.baseUrl}/portal/users`);
    expect(users!.status()).to.equal(403);
    // a forged form with the viewer's own valid session and CSRF value: still refused
    await viewerPage.goto(`${t.baseUrl}/portal/`);
    const csrf = await csrfOf(viewerPage);
    const invite = await postForm(t, viewerPage, '/portal/users', { csrf, name: 'Mallory', email: 'mallory@evil.example', role: 'owner' });
    expect(invite.status).to.equal(403);
    const ownerUsers = (await t.api.modules.portal.accounts.usersOf(partner.id)).map((u) => u.email);
    expect(ownerUsers).not.to.include('mallory@evil.example');
    const me = (await t.api.modules.portal.accounts.usersOf(partner.id)).find((u) => u.role === 'owner')!;
    expect((await postForm(t, viewerPage, `/portal/users/${me._id}/disable`, { csrf })).status).to.equal(403);
    expect((await t.api.modules.portal.accounts.usersOf(partner.id)).find((u) => u._id === me._id)!.enabled).to.equal(true);
    expect((await viewerPage.goto(`${t.baseUrl}/portal/audit`))!.status()).to.equal(403);
  });

  it('when the audit log is read by the owner, then it names who did what, when and from where, refusals included', async () => {
    await ownerPage.goto(`${t.baseUrl}/portal/audit`);
    const text = (await ownerPage.getByRole('table').textContent())!;
    expect(text).to.include('owner.created').and.include('user.invited').and.include('user.setup').and.include('session.sign-in');
    expect(text).to.include('user.invite').and.include('refused').and.include(viewer.email).and.include('127.0.0.1');
  });

  it('when a POST carries no or a wrong anti-forgery value, or comes from another origin, then nothing happens', async () => {
    await ownerPage.goto(`${t.baseUrl}/portal/users`);
    const csrf = await csrfOf(ownerPage);
    const form = { name: 'Forged', email: `forged-${partner.username}@shop.example`, role: 'owner' };
    expect((await postForm(t, ownerPage, '/portal/users', form)).status).to.equal(403);
    expect((await postForm(t, ownerPage, '/portal/users', { ...form, csrf: `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}` })).status).to.equal(403);
    expect((await postForm(t, ownerPage, '/portal/users', { ...form, csrf }, { Origin: 'https://evil.example' })).status).to.equal(403);
    expect((await t.api.modules.portal.accounts.usersOf(partner.id)).map((u) => u.email)).not.to.include(form.email);
    // the same form with the right value works (the refusals above were for the forgery alone)
    expect((await postForm(t, ownerPage, '/portal/users', { ...form, csrf })).status).to.equal(200);
    // sign-in is a form too: without the pre-session cookie's value it is refused
    const bare = await t.client.request('POST', '/portal/sign-in', {
      raw: new URLSearchParams({ email: owner.email, password: owner.password }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(bare.status).to.equal(403);
  });

  it('when an owner names a user of another partner, then it is not found and nothing changes', async () => {
    const other = await provisionPartner(t);
    const { user } = await t.api.modules.portal.accounts.createUser(
      { id: other.id, name: other.username },
      { email: `owner-${other.username}@shop.example`, name: 'Other', role: 'owner' },
    );
    await ownerPage.goto(`${t.baseUrl}/portal/users`);
    const res = await postForm(t, ownerPage, `/portal/users/${user._id}/disable`, { csrf: await csrfOf(ownerPage) });
    expect(res.status).to.equal(404);
    expect((await t.api.modules.portal.accounts.usersOf(other.id))[0]!.enabled).to.equal(true);
    expect(await ownerPage.content()).not.to.include(user.email);
  });

  it("when an owner changes a user's role, then it holds from that user's next request; not for the owner's own role, nor to owner without the second factor, nor from a viewer", async () => {
    // viewer -> operator: the live session of the viewer may now act, and the audit log says who changed what
    await ownerPage.goto(`${t.baseUrl}/portal/users`);
    await ownerPage.getByLabel(`New role of ${viewer.email}`).selectOption('operator');
    await ownerPage.getByRole('button', { name: `Change role ${viewer.email}` }).click();
    await ownerPage.waitForURL(`${t.baseUrl}/portal/users`);
    const users = await t.api.modules.portal.accounts.usersOf(partner.id);
    const changed = users.find((u) => u.email === viewer.email)!;
    expect(changed.role).to.equal('operator');
    const me = users.find((u) => u.email === owner.email)!;
    await ownerPage.goto(`${t.baseUrl}/portal/audit`);
    expect(await ownerPage.getByRole('table').textContent())
      .to.include('user.role')
      .and.include('viewer → operator');
    // the user had no TOTP (invited as viewer): not an owner
    await ownerPage.goto(`${t.baseUrl}/portal/users`);
    const csrf = await csrfOf(ownerPage);
    const toOwner = await postForm(t, ownerPage, `/portal/users/${changed._id}/role`, { csrf, role: 'owner' });
    expect(toOwner.status).to.equal(400);
    expect(toOwner.text).to.include('second factor');
    // the owner's own role, and a role that does not exist
    expect((await postForm(t, ownerPage, `/portal/users/${me._id}/role`, { csrf, role: 'viewer' })).text).to.include('own role');
    expect((await postForm(t, ownerPage, `/portal/users/${changed._id}/role`, { csrf, role: 'admin' })).status).to.equal(400);
    const after = await t.api.modules.portal.accounts.usersOf(partner.id);
    expect([after.find((u) => u._id === me._id)!.role, after.find((u) => u._id === changed._id)!.role]).to.deep.equal(['owner', 'operator']);
    // an operator may not change roles (server side), back to viewer by the owner
    await viewerPage.goto(`${t.baseUrl}/portal/`);
    expect((await postForm(t, viewerPage, `/portal/users/${me._id}/role`, { csrf: await csrfOf(viewerPage), role: 'viewer' })).status).to.equal(403);
    await postForm(t, ownerPage, `/portal/users/${changed._id}/role`, { csrf, role: 'viewer' });
    expect((await t.api.modules.portal.accounts.usersOf(partner.id)).find((u) => u._id === changed._id)!.role).to.equal('viewer');
  });

  it("when an owner disables a user, then that user's session ends at once", async () => {
    await ownerPage.goto(`${t.baseUrl}/portal/users`);
    await ownerPage.getByRole('button', { name: `Disable ${viewer.email}` }).click();
    await ownerPage.waitForURL(`${t.baseUrl}/portal/users`);
    await viewerPage.goto(`${t.baseUrl}/portal/`);
    expect(viewerPage.url()).to.equal(`${t.baseUrl}/portal/sign-in`);
    await signIn(viewerPage, t.baseUrl, viewer, clock.now());
    expect(await viewerPage.getByRole('alert').textContent()).to.include('not right');
  });

  it("when failures of one e-mail pile up from one address, then the API's login throttle answers 429", async () => {
    const page = await freshPage();
    let status = 0;
    for (let i = 0; i < 4; i += 1) {
      await page.goto(`${t.baseUrl}/portal/sign-in`);
      status = (await postForm(t, page, '/portal/sign-in', { csrf: await csrfOf(page), email: owner.email, password: 'wrong password 1', code: '000000' }))
        .status;
    }
    expect(status).to.equal(429);
  });

  it('when the portal is asked over plain HTTP, then it redirects to HTTPS and refuses a sign-in form', async () => {
    const get = await plainRequest(`${t.plainUrl}/portal/`, 'GET');
    expect(get.status).to.equal(308);
    expect(get.headers.location).to.equal(`${t.baseUrl}/portal/`);
    const post = await plainRequest(`${t.plainUrl}/portal/sign-in`, 'POST', {
      raw: 'email=a&password=b',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).to.equal(403);
  });

  it('when the session lifetime has passed, then the next page asks to sign in again', async () => {
    await ownerPage.goto(`${t.baseUrl}/portal/`);
    expect(ownerPage.url()).to.equal(`${t.baseUrl}/portal/`);
    await clock.advance(2 * 3_600_000 + 1000);
    await ownerPage.goto(`${t.baseUrl}/portal/users`);
    // the sign-in page leads back to the page asked for
    expect(ownerPage.url()).to.equal(`${t.baseUrl}/portal/sign-in?return=%2Fportal%2Fusers`);
  });
});
