import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ManualClock } from '../../platform/clock.js';
import { CATALOGUES, type Lang } from '../../modules/portal/portal.i18n.js';
import { totpCode } from '../../modules/portal/totp.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { provisionPartner, type TestPartner } from '../support/partners.js';
import { freePort, launchBrowser } from '../gateway/browser.js';
import { seriousViolations } from './axe.js';
import { completeSetup, csrfOf, postForm, type PortalUser } from './portal-support.js';
import { startPortalWorld, waitForReason, type PortalWorld } from './portal-world.js';
import { systemClock } from '../../platform/clock.js';

/**
 * Honest sessions in Debian's Chromium, on a phone's width (390 px), in both languages: a
 * page opened while signed out comes back after sign-in (and `return` never leads off the
 * portal), a form sent after the session ended (expired, or signed out in another tab) is
 * kept and shown pre-filled to the same user only, never sent by itself; owners require the
 * second factor for operators, who enrol it (QR code and key) before anything else.
 */
describe('the partner portal: honest sessions', function () {
  this.timeout(180_000);
  const clock = new ManualClock(Date.now());
  const PHONE = { width: 390, height: 844 };
  let t: TestApi;
  let partner: TestPartner;
  const browsers: Array<{ close(): Promise<void> }> = [];
  const users = {} as Record<'owner' | 'operator', PortalUser>;
  const step = async () => {
    await clock.advance(30_000);
    return clock.now();
  };
  const pending = () => t.api.runtime.db.collection('portal_pending_forms');

  before(async () => {
    const port = await freePort();
    t = await startTestApi(
      {
        HTTPS_PORT: String(port),
        PUBLIC_BASE_URL: `https://localhost:${port}`,
        PORTAL_SESSION_TTL: '2h',
        PORTAL_PENDING_FORM_TTL: '15m',
        EXPIRY_SWEEP_INTERVAL: '1h',
        EXPIRY_FULL_SWEEP_INTERVAL: '1h',
      },
      { clock },
    );
    partner = await provisionPartner(t);
    const { accounts } = t.api.modules.portal;
    for (const role of ['owner', 'operator'] as const) {
      const email = `${role}-${partner.username}@shop.example`;
      const { setupToken } = await accounts.createUser({ id: partner.id, name: partner.username }, { email, name: `${role} user`, role });
      const page = await phone('en');
      await page.goto(`${t.baseUrl}/portal/setup/${setupToken}`);
      // the QR code is inline SVG with a name, beside the key in groups of four and the link it encodes
      const qr = page.locator('svg#totp-qr');
      expect(await qr.getAttribute('role')).to.equal('img');
      expect(await qr.getAttribute('aria-label')).to.equal(CATALOGUES.en.qrAlt);
      expect(await qr.locator('path').count()).to.be.greaterThan(0);
      expect(await page.locator('#totp-secret').textContent()).to.match(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      expect(await page.getByRole('link', { name: CATALOGUES.en.setupUri }).getAttribute('href')).to.match(/^otpauth:\/\/totp\//);
      expect(await seriousViolations(page)).to.deep.equal([]);
      users[role] = await completeSetup(page, `${t.baseUrl}/portal/setup/${setupToken}`, { email, password: `${role} password 123` }, clock, role === 'owner');
    }
  });
  after(async () => {
    for (const b of browsers) await b.close();
    await t?.stop();
  });

  async function phone(lang: Lang): Promise<Page> {
    const b = await launchBrowser({ viewport: PHONE, locale: lang === 'cs' ? 'cs-CZ' : 'en-GB' });
    browsers.push(b);
    return b.context.newPage();
  }

  /** Signs in on the sign-in page open in `page` (any language), with a fresh code when the user has a key. */
  async function signInHere(page: Page, user: PortalUser): Promise<void> {
    await page.locator('#email').fill(user.email);
    await page.locator('#password').fill(user.password);
    if (user.secret) await page.locator('#code').fill(totpCode(user.secret, await step()));
    await submit(page, 'form[action="/portal/sign-in"] button[type=submit]');
  }

  /** Clicks a form's button and waits for the page it leads to. */
  async function submit(page: Page, button: string): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.locator(button).click()]);
  }

  async function signedIn(lang: Lang, user: PortalUser): Promise<Page> {
    const page = await phone(lang);
    await page.goto(`${t.baseUrl}/portal/sign-in`);
    await signInHere(page, user);
    expect(new URL(page.url()).pathname).to.equal('/portal/');
    return page;
  }

  /** Nothing scrolls sideways at 390 px, and axe finds nothing serious. */
  async function fitsAndPasses(page: Page): Promise<void> {
    const width = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
    expect(width, page.url()).to.be.at.most(PHONE.width);
    expect(await seriousViolations(page), page.url()).to.deep.equal([]);
  }

  for (const lang of ['en', 'cs'] as const) {
    const m = CATALOGUES[lang];

    it(`[${lang}] when a page is opened while signed out, then sign-in says so and leads back to that page, query included`, async () => {
      const page = await phone(lang);
      await page.goto(`${t.baseUrl}/portal/applications?state=APPROVED`);
      expect(page.url()).to.equal(`${t.baseUrl}/portal/sign-in?return=${encodeURIComponent('/portal/applications?state=APPROVED')}`);
      expect(await page.locator('html').getAttribute('lang')).to.equal(lang);
      expect(await page.getByRole('status').textContent()).to.equal(m.signInToContinue);
      await fitsAndPasses(page);
      await signInHere(page, users.owner);
      expect(page.url()).to.equal(`${t.baseUrl}/portal/applications?state=APPROVED`);
    });

    it(`[${lang}] when a form is sent after the session expired, then sign-in says the session ended and the form comes back filled in, not sent`, async () => {
      const page = await signedIn(lang, users.owner);
      await page.goto(`${t.baseUrl}/portal/users`);
      const email = `kept-${lang}-${partner.username}@shop.example`;
      await page.locator('#inv-name').fill(`Kept <${lang}> "name"`);
      await page.locator('#inv-email').fill(email);
      await page.locator('#inv-role').selectOption('operator');
      await page.locator('#inv-lang').selectOption(lang === 'cs' ? 'en' : 'cs');
      await clock.advance(2 * 3_600_000 + 1000);
      await submit(page, 'form[action="/portal/users"] button[type=submit]');
      expect(page.url()).to.equal(`${t.baseUrl}/portal/sign-in?ended=1&return=%2Fportal%2Fusers`);
      expect(await page.getByRole('status').textContent()).to.equal(m.sessionEndedForm);
      await fitsAndPasses(page);
      // nothing happened, and what is kept holds no anti-forgery value or form key
      expect((await t.api.modules.portal.accounts.usersOf(partner.id)).map((u) => u.email)).not.to.include(email);
      const kept = (await pending().find({}).toArray()) as any[];
      expect(kept).to.have.length(1);
      expect(Object.keys(kept[0].fields).sort()).to.deep.equal(['email', 'lang', 'name', 'role']);
      await signInHere(page, users.owner);
      expect(page.url()).to.equal(`${t.baseUrl}/portal/users`);
      expect(await page.getByRole('status').first().textContent()).to.equal(m.formKept);
      expect(await page.locator('#inv-name').inputValue()).to.equal(`Kept <${lang}> "name"`);
      expect(await page.locator('#inv-email').inputValue()).to.equal(email);
      expect(await page.locator('#inv-role').inputValue()).to.equal('operator');
      expect(await page.locator('#inv-lang').inputValue()).to.equal(lang === 'cs' ? 'en' : 'cs');
      await fitsAndPasses(page);
      // shown once, never sent by itself
      expect(await pending().countDocuments()).to.equal(0);
      expect((await t.api.modules.portal.accounts.usersOf(partner.id)).map((u) => u.email)).not.to.include(email);
      await page.locator('form[action="/portal/users"] button[type=submit]').click();
      await page.locator('#setup-link').waitFor();
      expect((await t.api.modules.portal.accounts.usersOf(partner.id)).find((u) => u.email === email)!.role).to.equal('operator');
      await page.goto(`${t.baseUrl}/portal/users`);
      expect(await page.locator('#inv-name').inputValue()).to.equal('');
    });

    it(`[${lang}] when the person signed out in another tab, then a form sent from the first tab is kept the same way`, async () => {
      const page = await signedIn(lang, users.owner);
      await page.goto(`${t.baseUrl}/portal/users`);
      const other = await page.context().newPage();
      await other.goto(`${t.baseUrl}/portal/`);
      await other.locator('form[action="/portal/sign-out"] button').click();
      await other.waitForURL(`${t.baseUrl}/portal/sign-in`);
      await page.locator('#inv-name').fill('Another tab');
      await page.locator('#inv-email').fill(`draft-${Date.now()}@shop.example`);
      await submit(page, 'form[action="/portal/users"] button[type=submit]');
      expect(page.url()).to.equal(`${t.baseUrl}/portal/sign-in?ended=1&return=%2Fportal%2Fusers`);
      await signInHere(page, users.owner);
      expect(page.url()).to.equal(`${t.baseUrl}/portal/users`);
      expect(await page.locator('#inv-name').inputValue()).to.equal('Another tab');
      expect(await page.getByRole('status').first().textContent()).to.equal(m.formKept);
    });
  }

  it('when another user signs in with the browser that holds a kept form, then the form is discarded and nobody sees it', async () => {
    const page = await signedIn('en', users.owner);
    await page.goto(`${t.baseUrl}/portal/users`);
    await page.locator('#inv-name').fill('Owner secret draft');
    await page.locator('#inv-email').fill(`draft-${Date.now()}@shop.example`);
    await clock.advance(2 * 3_600_000 + 1000);
    await submit(page, 'form[action="/portal/users"] button[type=submit]');
    expect(await pending().countDocuments()).to.equal(1);
    await signInHere(page, users.operator);
    expect(await pending().countDocuments()).to.equal(0);
    expect(await page.content()).not.to.include('Owner secret draft');
    expect((await page.context().cookies(t.baseUrl)).map((c) => c.name)).not.to.include('__Host-pf_form');
    // the owner signing in afterwards gets the page without it
    await submit(page, 'form[action="/portal/sign-out"] button');
    await page.goto(`${t.baseUrl}/portal/sign-in?return=%2Fportal%2Fusers`);
    await signInHere(page, users.owner);
    expect(page.url()).to.equal(`${t.baseUrl}/portal/users`);
    expect(await page.locator('#inv-name').inputValue()).to.equal('');
  });

  it('when the kept form has outlived its minutes, then it is not shown', async () => {
    const page = await signedIn('en', users.owner);
    await page.goto(`${t.baseUrl}/portal/users`);
    await page.locator('#inv-name').fill('Too late');
    await page.locator('#inv-email').fill(`draft-${Date.now()}@shop.example`);
    await clock.advance(2 * 3_600_000 + 1000);
    await submit(page, 'form[action="/portal/users"] button[type=submit]');
    await clock.advance(16 * 60_000);
    await signInHere(page, users.owner);
    expect(page.url()).to.equal(`${t.baseUrl}/portal/users`);
    expect(await page.locator('#inv-name').inputValue()).to.equal('');
    expect(await page.getByRole('status').count()).to.equal(0);
  });

  it('when `return` names another site in any spelling, then sign-in leads to the overview and the form carries no such value', async () => {
    const evil = [
      '//evil.example',
      'https://evil',
      '/\\evil',
      '/%5Cevil',
      '%2F%2Fevil.example',
      '/%2F%2Fevil.example',
      '/portal//evil.example',
      '/portal/%2F%2Fevil.example',
      '/portal/../../evil',
      '/portal@evil.example',
      'https:evil.example',
      '/portal/x\r\nLocation: https://evil',
    ];
    const page = await signedIn('en', users.owner);
    const cookie = (await page.context().cookies(t.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const value of evil) {
      // signed in: the sign-in page forwards at once, to the overview
      const res = await t.client.get(`/portal/sign-in?return=${encodeURIComponent(value)}`, { headers: { Accept: 'text/html', Cookie: cookie } });
      expect([res.status, res.headers.location], value).to.deep.equal([303, '/portal/']);
      // signed out: the page has no return field
      const out = await t.client.get(`/portal/sign-in?return=${encodeURIComponent(value)}`, { headers: { Accept: 'text/html' } });
      expect(out.text, value).not.to.include('name="return"');
    }
    // a sign-in form posted with a forged return value ends on the overview
    const fresh = await phone('en');
    await fresh.goto(`${t.baseUrl}/portal/sign-in?return=%2Fportal%2Fmoney`);
    await fresh.locator('input[name=return]').evaluate((el, v) => el.setAttribute('value', v), '//evil.example');
    await signInHere(fresh, users.owner);
    expect(fresh.url()).to.equal(`${t.baseUrl}/portal/`);
  });

  it('when a form comes from another site with no session, then nothing is kept and it is refused', async () => {
    const page = await phone('en');
    await page.goto(`${t.baseUrl}/portal/sign-in`);
    const forged = await postForm(t, page, '/portal/users', { csrf: 'A'.repeat(43), name: 'x' }, { Origin: 'https://evil.example' });
    expect(forged.status).to.equal(403);
    const crossSite = await postForm(t, page, '/portal/users', { csrf: 'A'.repeat(43), name: 'x' }, { 'Sec-Fetch-Site': 'cross-site', Origin: t.baseUrl });
    expect(crossSite.status).to.equal(403);
    // without Origin it is no browser's form
    expect((await postForm(t, page, '/portal/users', { csrf: 'A'.repeat(43), name: 'x' })).status).to.equal(403);
    // same origin, but this browser never signed in (no user to give it back to): the session ended, nothing is kept
    const noUser = await postForm(t, page, '/portal/users', { csrf: 'A'.repeat(43), name: 'x' }, { Origin: t.baseUrl, 'Sec-Fetch-Site': 'same-origin' });
    expect([noUser.status, noUser.headers.location]).to.deep.equal([303, '/portal/sign-in?ended=2&return=%2Fportal%2Fusers']);
    // a form with nothing to keep (a redeliver button) says the session ended, and keeps nothing
    const who = { Origin: t.baseUrl, Cookie: `__Host-pf_who=${(await t.api.modules.portal.accounts.usersOf(partner.id))[0]!._id}` };
    const bare = await t.client.request('POST', '/portal/webhooks/deliveries/0193/redeliver', {
      raw: new URLSearchParams({ csrf: 'B'.repeat(43) }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', ...who },
    });
    expect([bare.status, bare.headers.location]).to.deep.equal([303, '/portal/sign-in?ended=2&return=%2Fportal%2Fwebhooks']);
    // the pre-session value is a sign-in form's, not a form of an ended session: only sent to sign in
    const pre = await postForm(t, page, '/portal/users', { csrf: await csrfOf(page), name: 'x' });
    expect([pre.status, pre.headers.location]).to.deep.equal([303, '/portal/sign-in']);
    expect(await pending().countDocuments()).to.equal(0);
  });

  for (const lang of ['en', 'cs'] as const) {
    const m = CATALOGUES[lang];
    it(`[${lang}] when an owner requires the second factor for operators, then an operator without it must enrol (QR code and key) before anything else, and is asked for codes from then on`, async () => {
      const { accounts } = t.api.modules.portal;
      const operatorPage = await signedIn(lang, users.operator);
      const owner = await signedIn(lang, users.owner);
      await owner.goto(`${t.baseUrl}/portal/users`);
      await fitsAndPasses(owner);
      await owner.locator('#operators-totp').check();
      await owner.locator('form[action="/portal/users/second-factor"] button').click();
      await owner.waitForURL(`${t.baseUrl}/portal/users?policy=on`);
      expect(await owner.getByRole('status').first().textContent()).to.equal(m.policyOn);
      expect(await owner.locator('#operators-totp').isChecked()).to.equal(true);
      await owner.goto(`${t.baseUrl}/portal/audit`);
      expect(await owner.getByRole('table').textContent()).to.include('partner.second-factor');
      // the operator's live session: the next click leads to enrolment, a form does nothing
      await operatorPage.goto(`${t.baseUrl}/portal/applications`);
      expect(operatorPage.url()).to.equal(`${t.baseUrl}/portal/enrol`);
      expect(await operatorPage.getByRole('heading', { level: 1 }).textContent()).to.equal(m.enrolTitle);
      const redeliver = await postForm(t, operatorPage, '/portal/webhooks/test', { csrf: await csrfOf(operatorPage) });
      expect([redeliver.status, redeliver.headers.location]).to.deep.equal([303, '/portal/enrol']);
      expect(await operatorPage.locator('svg#totp-qr').getAttribute('aria-label')).to.equal(m.qrAlt);
      const secret = (await operatorPage.locator('#totp-secret').textContent())!;
      expect(secret).to.match(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      await fitsAndPasses(operatorPage);
      // the same key on every visit until enrolled
      await operatorPage.reload();
      expect(await operatorPage.locator('#totp-secret').textContent()).to.equal(secret);
      await operatorPage.locator('#code').fill('000000');
      await submit(operatorPage, 'form[action="/portal/enrol"] button');
      expect(await operatorPage.getByRole('alert').textContent()).to.equal(m.enrolWrong);
      const key = secret.replace(/\s/g, '');
      await operatorPage.locator('#code').fill(totpCode(key, await step()));
      await operatorPage.locator('form[action="/portal/enrol"] button').click();
      await operatorPage.waitForURL(`${t.baseUrl}/portal/`);
      const me = (await accounts.usersOf(partner.id)).find((u) => u.email === users.operator.email)!;
      expect(me.totpSecret).to.equal(key);
      await operatorPage.goto(`${t.baseUrl}/portal/applications`);
      expect(operatorPage.url()).to.equal(`${t.baseUrl}/portal/applications`);
      // from now on the operator's sign-in needs the code
      const again = await phone(lang);
      await again.goto(`${t.baseUrl}/portal/sign-in`);
      await signInHere(again, { ...users.operator, secret: undefined });
      expect(await again.getByRole('alert').textContent()).to.equal(m.signInFailed);
      await signInHere(again, { ...users.operator, secret: key });
      expect(new URL(again.url()).pathname).to.equal('/portal/');
      // an operator invited while the rule is on enrols at setup: the code is required there
      const newEmail = `new-operator-${lang}-${partner.username}@shop.example`;
      const { setupToken } = await accounts.createUser({ id: partner.id, name: partner.username }, { email: newEmail, name: 'New operator', role: 'operator' });
      const setup = await phone(lang);
      await setup.goto(`${t.baseUrl}/portal/setup/${setupToken}`);
      expect(await setup.locator('#code').getAttribute('required')).to.equal('');
      await setup.locator('#password').fill('new operator 123');
      await setup.locator('#password2').fill('new operator 123');
      await setup.locator('#code').evaluate((el) => el.removeAttribute('required'));
      await submit(setup, 'form[action^="/portal/setup/"] button[type=submit]');
      expect(await setup.getByRole('alert').count()).to.equal(1);
      expect((await accounts.usersOf(partner.id)).find((u) => u.email === newEmail)!.passwordHash).to.equal(undefined);
      // back to the start for the other language: rule off, key removed
      await owner.goto(`${t.baseUrl}/portal/users`);
      await owner.locator('#operators-totp').uncheck();
      await owner.locator('form[action="/portal/users/second-factor"] button').click();
      await owner.waitForURL(`${t.baseUrl}/portal/users?policy=off`);
      await t.api.runtime.db.collection('portal_users').updateOne({ _id: me._id } as never, { $unset: { totpSecret: '', totpLastStep: '' } });
      expect((await owner.goto(`${t.baseUrl}/portal/enrol`)) && owner.url()).to.equal(`${t.baseUrl}/portal/`);
    });
  }
});

/**
 * The kept form on an application's action: the confirmation page comes back with the
 * reason chosen and the text typed, and the application is unchanged until the person
 * confirms again (real Kafka and store, the API's own cancel use case).
 */
describe('the partner portal: an action form sent after the session ended', function () {
  this.timeout(240_000);
  let w: PortalWorld;
  const closers: Array<{ close(): Promise<void> }> = [];
  before(async () => {
    w = await startPortalWorld();
  });
  after(async () => {
    for (const c of closers) await c.close();
    await w?.stop();
  });

  for (const lang of ['en', 'cs'] as const) {
    const m = CATALOGUES[lang];
    it(`[${lang}] when the cancel form is sent after signing out in another tab, then after sign-in its confirmation page is back, filled in, and nothing was cancelled until confirmed`, async () => {
      const app = await w.approved();
      // an operator without TOTP of its own browser (the world's users spent their codes)
      const email = `kept-action-${lang}-${w.h.partner.username}@shop.example`;
      const { setupToken } = await w.h.t.api.modules.portal.accounts.createUser(
        { id: w.h.partner.id, name: w.h.partner.username },
        { email, name: 'Kept action', role: 'operator' },
      );
      const b = await launchBrowser({ viewport: { width: 390, height: 844 }, locale: lang === 'cs' ? 'cs-CZ' : 'en-GB' });
      closers.push(b);
      const page = await b.context.newPage();
      await page.goto(`${w.base}/portal/lang/en?back=/portal/sign-in`);
      const user = await completeSetup(page, `${w.base}/portal/setup/${setupToken}`, { email, password: 'kept action 123' }, systemClock, false);
      await page.goto(`${w.base}/portal/lang/${lang}?back=/portal/sign-in`);
      const signInHere = async () => {
        await page.locator('#email').fill(user.email);
        await page.locator('#password').fill(user.password);
        await Promise.all([page.waitForNavigation(), page.locator('form[action="/portal/sign-in"] button[type=submit]').click()]);
      };
      await signInHere();
      const stateOf = async () => (await w.h.t.api.runtime.db.collection('applications').findOne({ _id: app.id } as never))!.state;
      const initial = await stateOf();
      const act = `/portal/applications/${app.id}/act/cancel`;
      await page.goto(`${w.base}${act}`);
      await page.locator('#reason').selectOption('APPLICATION_CANCELLED_BY_CUSTOMER');
      await page.locator('#customReason').fill('Zákazník si to rozmyslel & "změnil"');
      const other = await page.context().newPage();
      await other.goto(`${w.base}/portal/`);
      await Promise.all([other.waitForNavigation(), other.locator('form[action="/portal/sign-out"] button').click()]);
      // the form asks for its preview first; sent after the sign-out, it is kept for its page
      await Promise.all([page.waitForNavigation(), page.locator(`form[action="${act}/preview"] button[type=submit]`).click()]);
      expect(page.url()).to.equal(`${w.base}/portal/sign-in?ended=1&return=${encodeURIComponent(act)}`);
      expect(await page.getByRole('status').textContent()).to.equal(m.sessionEndedForm);
      await signInHere();
      expect(page.url()).to.equal(`${w.base}${act}`);
      expect(await page.getByRole('status').first().textContent()).to.equal(m.formKept);
      expect(await page.locator('#reason').inputValue()).to.equal('APPLICATION_CANCELLED_BY_CUSTOMER');
      expect(await page.locator('#customReason').inputValue()).to.equal('Zákazník si to rozmyslel & "změnil"');
      expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)).to.be.at.most(390);
      expect(await seriousViolations(page)).to.deep.equal([]);
      expect(await stateOf()).to.equal(initial);
      await Promise.all([page.waitForNavigation(), page.locator(`form[action="${act}/preview"] button[type=submit]`).click()]);
      expect(await stateOf(), 'a preview changes nothing').to.equal(initial);
      await Promise.all([page.waitForNavigation(), page.locator(`form[action="${act}"] button[type=submit]`).click()]);
      expect(page.url()).to.equal(`${w.base}/portal/applications/${app.id}?done=cancel`);
      const after = await waitForReason(w.h, app.id, w.h.partner, 'CANCELLED_NOT_PAID');
      expect(after.state).to.equal('CANCELLED');
    });
  }
});
