import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { applicationBody } from '../applications/requests.js';
import { provisionPartner } from '../support/partners.js';
import { fillSearchTerms } from '../../modules/applications/store/search-backfill.js';
import { seriousViolations } from './axe.js';
import { startPortalWorld, type PortalWorld } from './portal-world.js';

/**
 * Finding people: the applications list searched by the customer's name (either word, both
 * in either order, any case, with or without diacritics) and by a part of the order number,
 * never finding another partner's customer of the same name or number; the application page
 * shows the customer's phone and addresses to owners and operators, not to viewers. In both
 * languages, on a phone (390 px), with axe.
 */
describe('the partner portal: search by name and part of an order number; the customer on the application page', function () {
  this.timeout(180_000);
  const tag = randomBytes(3).toString('hex');
  let w: PortalWorld;
  let dvorak: any;
  let stastna: any;
  let theirs: any[];
  const person = (firstName: string, lastName: string, number: string) => {
    const body = applicationBody({}, { number, email: `${lastName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}-${tag}@example.com` }) as any;
    body.customer = {
      ...body.customer,
      firstName,
      lastName,
      phone: '+420602111222',
      addresses: [
        {
          addressType: 'PERMANENT',
          name: `${firstName} ${lastName}`,
          city: 'Olomouc',
          country: 'CZ',
          streetAddress: 'Ztracená',
          streetNumber: '7',
          zip: '77900',
        },
      ],
    };
    return body;
  };
  const numbers = async (page: Page) => page.locator('#applications tbody tr td:nth-child(2)').allTextContents();
  const search = async (page: Page, label: string, q: string) => {
    await page.getByLabel(label).fill(q);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('q') === q), page.getByRole('button', { name: /^(Apply|Použít)$/ }).click()]);
    return (await numbers(page)).map((n) => n.trim());
  };
  const fits = async (page: Page, what: string) => {
    const width = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
    expect(width, `${what} is ${width} px wide`).to.be.at.most(390);
    expect(await seriousViolations(page), what).to.deep.equal([]);
  };

  before(async () => {
    w = await startPortalWorld();
    dvorak = await w.h.create(person('Jiří', 'Dvořák', `S${tag}-004711`));
    stastna = await w.h.create(person('Eliška', 'Šťastná', `S${tag}-815500`));
    // another shop with customers of the same names and order numbers that differ by one digit
    const other = await provisionPartner(w.h.t);
    theirs = [await w.h.create(person('Jiří', 'Dvořák', `S${tag}-004712`), other), await w.h.create(person('Eliška', 'Šťastná', `S${tag}-815501`), other)];
  });
  after(async () => {
    await w?.stop();
  });

  it("when the viewer searches by name or part of an order number, in English and Czech at 390 px, then exactly this partner's matching applications are listed", async () => {
    const page = w.pages.viewer;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${w.base}/portal/lang/en?back=/portal/applications`);
      const en = 'Customer name, part of an order number, variable symbol or e-mail';
      const A = dvorak.order.number;
      const B = stastna.order.number;
      const cases: Array<[string, string[]]> = [
        ['dvorak', [A]],
        ['Dvořák', [A]],
        ['DVOŘÁK jiří', [A]],
        ['jiri dvorak', [A]],
        ['Dvo', [A]],
        ['šťastná', [B]],
        ['STASTNA eliska', [B]],
        ['eliska dvorak', []],
        ['4711', [A]],
        ['815500', [B]],
        [`s${tag}-`, [B, A]],
        [A.toLowerCase(), [A]],
      ];
      for (const [q, expected] of cases) {
        expect(await search(page, en, q), q).to.deep.equal(expected);
        const html = await page.content();
        for (const t of theirs) expect(html, `${q}: another partner's application`).not.to.include(t.order.number);
        if (!expected.length) expect(await page.getByText('No application matches.').count(), q).to.equal(1);
      }
      await search(page, en, 'dvořák');
      expect(await page.locator('#applications tbody').textContent()).to.include('Jiří Dvořák');
      await fits(page, 'the English list found by name');

      await page.goto(`${w.base}/portal/lang/cs?back=/portal/applications`);
      const cs = 'Jméno zákazníka, část čísla objednávky, variabilní symbol nebo e-mail';
      expect(await search(page, cs, 'dvorak jiri'), 'in Czech').to.deep.equal([A]);
      expect(await search(page, cs, '5500'), 'in Czech').to.deep.equal([B]);
      expect(await page.locator('#applications tbody').textContent()).to.include('Eliška Šťastná');
      await fits(page, 'the Czech list found by a part of the number');
    } finally {
      await page.goto(`${w.base}/portal/lang/en?back=/portal/`);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('when the application page is opened, then owners and operators see the name, phone and address, viewers the name and e-mail only, in either language at 390 px', async () => {
    const path = `/portal/applications/${dvorak.id}`;
    for (const role of ['owner', 'operator'] as const) {
      const page = w.pages[role];
      await page.goto(`${w.base}${path}`);
      expect(await page.locator('#cust-name').textContent(), role).to.equal('Jiří Dvořák');
      expect(await page.locator('#cust-phone').textContent(), role).to.equal('+420602111222');
      expect(await page.locator('#cust-addresses').textContent(), role).to.include('Permanent: Jiří Dvořák, Ztracená 7, 77900 Olomouc, CZ');
    }
    const viewer = w.pages.viewer;
    await viewer.setViewportSize({ width: 390, height: 844 });
    try {
      for (const lang of ['en', 'cs'] as const) {
        await viewer.goto(`${w.base}/portal/lang/${lang}?back=${encodeURIComponent(path)}`);
        expect(await viewer.locator('#cust-name').textContent(), lang).to.equal('Jiří Dvořák');
        expect(await viewer.locator('#customer').textContent(), lang).to.include(dvorak.customer.email);
        expect(await viewer.locator('#cust-phone').count(), `${lang}: no phone for a viewer`).to.equal(0);
        const html = await viewer.content();
        expect(html, lang).not.to.include('602111222');
        expect(html, lang).not.to.include('Ztracená');
        expect(html, lang).to.include(
          lang === 'en' ? 'Phone and addresses are shown to owners and operators.' : 'Telefon a adresy vidí vlastníci a operátoři.',
        );
        await fits(viewer, `${lang} application page of a viewer`);
      }
      const owner = w.pages.owner;
      await owner.setViewportSize({ width: 390, height: 844 });
      await owner.goto(`${w.base}/portal/lang/cs?back=${encodeURIComponent(path)}`);
      expect(await owner.locator('#cust-addresses').textContent()).to.include('Trvalá: Jiří Dvořák');
      await fits(owner, 'Czech application page of an owner');
      await owner.goto(`${w.base}/portal/lang/en?back=/portal/`);
      await owner.setViewportSize({ width: 1280, height: 800 });
    } finally {
      await viewer.goto(`${w.base}/portal/lang/en?back=/portal/`);
      await viewer.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('when applications were written before the search terms existed, then the migration step fills them once, and they are found', async () => {
    const db = w.h.t.api.runtime.db;
    const applications = db.collection('applications');
    const old = await w.h.create(person('Bohumil', 'Hrabal', `S${tag}-190314`));
    await applications.updateOne({ _id: old.id } as never, { $unset: { search: '' } });
    const page = w.pages.viewer;
    await page.goto(`${w.base}/portal/applications?q=hrabal`);
    expect(await numbers(page), 'not found without terms').to.deep.equal([]);
    const before = ((await applications.findOne({ _id: old.id } as never)) as any).version;
    expect(await fillSearchTerms(db)).to.equal(1);
    expect(await fillSearchTerms(db), 'a second run writes nothing').to.equal(0);
    const filled = (await applications.findOne({ _id: old.id } as never)) as any;
    expect(filled.search).to.include.members(['n:hrabal', 'n:bohumil', 'o:903']);
    expect(filled.version, 'derived terms are no change of the application').to.equal(before);
    await page.goto(`${w.base}/portal/applications?q=bohumil+hrabal`);
    expect(await numbers(page)).to.deep.equal([old.order.number]);
  });
});
