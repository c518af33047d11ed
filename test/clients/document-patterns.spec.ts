import { expect } from 'chai';
import { currentDocument } from '../../scripts/client-types.js';

/** Every `pattern` in the document, with where it is. */
function patterns(node: unknown, at: string, out: Array<{ at: string; pattern: string }> = []) {
  if (Array.isArray(node)) node.forEach((v, i) => patterns(v, `${at}[${i}]`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'pattern' && typeof v === 'string') out.push({ at, pattern: v });
      else patterns(v, `${at}/${k}`, out);
    }
  }
  return out;
}

describe('the patterns of /openapi.json', function () {
  this.timeout(60_000);

  it('when a schema has a pattern, then it is a flagless regex that its own kind of value matches', async () => {
    const doc = await currentDocument();
    const found = patterns(doc, '#');
    expect(found.length).to.be.greaterThan(0);
    for (const { at, pattern } of found) {
      expect(() => new RegExp(pattern, 'u'), `${at}: ${pattern}`).not.to.throw();
      // a regex literal's flags leaking into the text (`…$/i`) make a pattern that matches nothing
      expect(pattern, at).not.to.match(/\$\/[a-z]+$/);
    }
    const idParams = Object.entries<Record<string, any>>(doc.paths).flatMap(([p, ops]) =>
      Object.values(ops).flatMap((op: any) =>
        (op.parameters ?? []).filter((x: any) => x.name === 'applicationId').map((x: any) => ({ at: p, pattern: x.schema.pattern as string })),
      ),
    );
    expect(idParams.length).to.be.greaterThan(5);
    for (const { at, pattern } of idParams) expect('01a20638-4e9a-7511-9335-cd59a2a08404', at).to.match(new RegExp(pattern, 'u'));
  });
});
