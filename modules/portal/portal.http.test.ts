import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formPageOf, pageToReturnTo } from './portal.http.js';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const routes = (verb: 'get' | 'post') =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) => [...readFileSync(`${DIR}/${f}`, 'utf8').matchAll(new RegExp(`router\\.${verb}\\('([^']+)'`, 'g'))].map((m) => m[1]!));
/** a route pattern matches a concrete path */
const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}$`).test(path);

describe('portal: the language switch after a form', () => {
  it('when any form of the portal answers with a page, then its language switch leads to a page that exists (GET), not back to the POST address', () => {
    const gets = routes('get');
    const posts = routes('post');
    expect(posts.length).to.be.greaterThan(5);
    for (const post of posts) {
      const path = post.replace(/:[a-z]+/gi, 'x1');
      const back = pageToReturnTo('POST', path);
      expect(
        gets.some((g) => matches(g, back)),
        `${post} -> ${back}`,
      ).to.equal(true);
    }
  });

  it("when an application's action or a webhooks form answers, then the switch returns to the application or the webhooks page", () => {
    expect(pageToReturnTo('POST', '/portal/applications/0193-ab/act/cancel')).to.equal('/portal/applications/0193-ab');
    expect(pageToReturnTo('POST', '/portal/webhooks/deliveries/0193-ab/redeliver')).to.equal('/portal/webhooks');
    expect(pageToReturnTo('POST', '/portal/sign-in')).to.equal('/portal/sign-in');
    expect(pageToReturnTo('GET', '/portal/webhooks/anything')).to.equal('/portal/webhooks/anything');
  });
});

describe('portal: the page a kept form is shown on again', () => {
  it('when any form of the portal is kept after its session ended, then it goes back to a page that exists (GET)', () => {
    const gets = routes('get');
    for (const post of routes('post')) {
      const back = formPageOf(post.replace(/:[a-z]+/gi, 'x1'));
      expect(
        gets.some((g) => matches(g, back)),
        `${post} -> ${back}`,
      ).to.equal(true);
    }
    expect(formPageOf('/portal/applications/0193-ab/act/cancel-items')).to.equal('/portal/applications/0193-ab/act/cancel-items');
    expect(formPageOf('/portal/applications/0193-ab/act/return/preview')).to.equal('/portal/applications/0193-ab/act/return');
    expect(formPageOf('/portal/users/0193-ab/role')).to.equal('/portal/users');
  });
});
