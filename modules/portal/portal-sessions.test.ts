import { expect } from 'chai';
import { keptFields, prefillForms, safeReturnPath } from './portal-sessions.js';

describe('portal sessions: the return path, the kept form', () => {
  it('when sign-in is asked to return to a portal page, then that path (and its query) is kept', () => {
    expect(safeReturnPath('/portal/applications')).to.equal('/portal/applications');
    expect(safeReturnPath('/portal/applications?state=APPROVED&q=Nov%C3%A1k')).to.equal('/portal/applications?state=APPROVED&q=Nov%C3%A1k');
    expect(safeReturnPath('/portal/applications/0193a1b2-0000-7000-8000-000000000001')).to.equal('/portal/applications/0193a1b2-0000-7000-8000-000000000001');
    expect(safeReturnPath('/portal')).to.equal('/portal/');
  });

  it('when the return value names another site in any spelling, or not a page of the portal, then there is none (no open redirect)', () => {
    for (const evil of [
      '//evil.example',
      'https://evil',
      'https://evil.example/portal/',
      '/\\evil',
      '/portal/\\evil',
      '\\\\evil',
      '%2F%2Fevil.example',
      '/%2F%2Fevil.example',
      '/portal/%2F%2Fevil.example',
      '/portal//evil.example',
      '/portal/../../evil',
      '/portal/./x',
      '/portal/x/..',
      '/portal@evil.example',
      '/portalx',
      '/portal/\tevil',
      '/portal/x\r\nLocation: https://evil',
      'javascript:alert(1)',
      '/portal/x?%zz',
      '/portal/sign-in',
      '/portal/sign-out',
      '/portal/setup/abc',
      '/portal/lang/en',
      '/api/applications',
      '',
      undefined,
      ['/portal/'],
      `/portal/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(evil), String(evil)).to.equal(undefined);
    }
  });

  it('when a form is kept, then its anti-forgery value, form key, passwords and codes are not', () => {
    const kept = keptFields({
      csrf: 'x',
      formKey: 'k',
      password: 'p',
      password2: 'p',
      code: '123456',
      note: 'Vráceno <b>',
      items: ['a', 'b'],
      n: { nested: 1 },
    });
    expect(kept).to.deep.equal({ note: ['Vráceno <b>'], items: ['a', 'b'] });
  });

  it('when a page holds the kept form, then only that form is filled: text, select, checkbox and textarea, escaped, hidden fields untouched', () => {
    const page = `<form method="post" action="/portal/a"><input type="hidden" name="csrf" value="new"><input id="x" name="reason" value="">
<select name="role"><option value="viewer" selected>V</option><option value="operator">O</option></select>
<input type="checkbox" name="all" value="yes"><textarea name="text">old</textarea></form>
<form method="post" action="/portal/b"><input name="reason" value=""></form>`;
    const { text, found } = prefillForms(page, '/portal/a', { csrf: ['old'], reason: ['"><script>'], role: ['operator'], all: ['yes'], text: ['new & text'] });
    expect(found).to.equal(true);
    expect(text).to.include('name="csrf" value="new"');
    expect(text).to.include('<input id="x" name="reason" value="&quot;&gt;&lt;script&gt;">');
    expect(text).to.include('<option value="viewer">V</option><option value="operator" selected>O</option>');
    expect(text).to.include('<input type="checkbox" name="all" value="yes" checked>');
    expect(text).to.include('<textarea name="text">new &amp; text</textarea>');
    expect(text).to.include('action="/portal/b"><input name="reason" value="">');
    expect(prefillForms(page, '/portal/c', { reason: ['x'] }).found).to.equal(false);
  });
});
