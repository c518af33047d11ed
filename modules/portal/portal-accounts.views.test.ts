import { expect } from 'chai';
import { auditNoteText } from './portal-accounts.views.js';
import { CATALOGUES, formatDateTime } from './portal.i18n.js';
import { AUDIT_NOTES } from './portal.model.js';

describe('portal audit log: what an entry adds, in the reader language', () => {
  it('when any note code is shown, then both languages have words for it and no placeholder is left', () => {
    const values = {
      role: 'viewer',
      from: 'viewer',
      to: 'operator',
      code: 'RATE_LIMIT_EXCEEDED',
      overlap: '24h',
      n: '3',
      since: '2026-11-02T08:00:00Z',
      id: 'msg_1',
    };
    for (const lang of ['en', 'cs'] as const) {
      for (const code of AUDIT_NOTES) {
        const text = auditNoteText(CATALOGUES[lang], { code, values });
        expect(text, `${lang} ${code}`).not.to.equal(code);
        expect(text, `${lang} ${code}`).not.to.match(/\{\w+\}/);
      }
    }
  });

  it('when a note names roles and a time, then they are worded as the page words them', () => {
    expect(auditNoteText(CATALOGUES.cs, { code: 'role-changed', values: { from: 'viewer', to: 'operator' } })).to.equal('čtenář → operátor');
    expect(auditNoteText(CATALOGUES.en, { code: 'refused-role', values: { role: 'viewer' } })).to.equal('role viewer');
    const since = '2026-11-02T08:00:00Z';
    expect(auditNoteText(CATALOGUES.cs, { code: 'recovered', values: { n: '2', since } })).to.equal(
      `znovu doručeno 2, selhaných od ${formatDateTime(since, CATALOGUES.cs)}`,
    );
  });

  it('when an entry was written before notes had codes, then its text is shown as it was stored', () => {
    expect(auditNoteText(CATALOGUES.cs, 'viewer -> operator')).to.equal('viewer -> operator');
  });
});
