import { expect } from 'chai';
import { normaliseForSearch, searchQueryOf, searchTermsOf, searchWords } from './search-terms.js';

/** Whether a stored application's terms answer a search text as the listing asks (name words, or a part of the number). */
function finds(doc: Parameters<typeof searchTermsOf>[0], text: string): boolean {
  const terms = new Set(searchTermsOf(doc));
  const q = searchQueryOf(text);
  const byName = q.nameTerms.length > 0 && q.nameTerms.every((t) => terms.has(t));
  const byNumber =
    !!q.orderPart && q.orderRuns.every((t) => terms.has(t)) && normaliseForSearch(doc.order?.number ?? '').includes(normaliseForSearch(q.orderPart));
  return byName || byNumber;
}

describe('search terms', () => {
  const dvorak = { customer: { firstName: 'Jiří', lastName: 'Dvořák' }, order: { number: 'EO-2026-004711' } };

  it('lower-cases and strips Czech diacritics', () => {
    expect(normaliseForSearch('Dvořák')).to.equal('dvorak');
    expect(normaliseForSearch('ŠŤASTNÁ Žaneta Ůlehlová ĎÁBELSKÁ Ňůťě')).to.equal('stastna zaneta ulehlova dabelska nute');
    expect(normaliseForSearch('Příliš žluťoučký kůň úpěl ďábelské ódy')).to.equal('prilis zlutoucky kun upel dabelske ody');
  });

  it('splits names into words at spaces, hyphens and punctuation', () => {
    expect(searchWords('  Nováková-Dvořáková, Ing. ')).to.deep.equal(['novakova', 'dvorakova', 'ing']);
  });

  it('finds a customer by first name, last name, both in either order, any case, with or without diacritics', () => {
    for (const text of ['dvorak', 'Dvořák', 'DVORAK', 'jiri', 'Jiří Dvořák', 'dvořák jiří', 'dvo', 'jir dvor'])
      expect(finds(dvorak, text), text).to.equal(true);
    for (const text of ['novak', 'jiri novak', 'dvoracek', 'rak']) expect(finds(dvorak, text), text).to.equal(false);
  });

  it('uses fullName when the names are not given separately', () => {
    expect(finds({ customer: { fullName: 'Eliška Šťastná' }, order: { number: 'X1' } }, 'stastna eliska')).to.equal(true);
  });

  it('finds any part of three characters or more of the order number, case-insensitively', () => {
    for (const text of ['EO-2026-004711', '004711', '4711', 'eo-2026', '026-00', '471']) expect(finds(dvorak, text), text).to.equal(true);
    // runs that all occur but not next to each other: the number itself decides
    expect(finds({ order: { number: '1239-234' } }, '1234')).to.equal(false);
    expect(searchQueryOf('47').orderRuns).to.deep.equal([]);
    expect(searchQueryOf('4711 x').orderRuns).to.deep.equal([]);
  });

  it('holds no name once the application is anonymised', () => {
    const terms = searchTermsOf({ ...dvorak, privacy: { anonymisedAt: new Date(0) } });
    expect(terms.some((t) => t.startsWith('n:'))).to.equal(false);
    expect(terms).to.include('o:471');
  });

  it('writes each term once, sorted, whatever the input holds', () => {
    const terms = searchTermsOf({ customer: { firstName: 'Anna', lastName: 'Anna', fullName: 'Anna Anna' }, order: { number: 'AAAA' } });
    expect(terms).to.deep.equal(['n:an', 'n:ann', 'n:anna', 'o:aaa']);
    expect(searchTermsOf({ customer: null, order: null })).to.deep.equal([]);
  });
});
