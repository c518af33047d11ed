import { expect } from 'chai';
import fc from 'fast-check';
import { partnerUrl, type PartnerUrlOptions, type UrlScheme } from './partner-url.js';
import { partnerUrlPattern } from './partner-url-pattern.js';

describe('the documented form of partner URLs (the OpenAPI pattern)', () => {
  const cases: Array<[string, UrlScheme[], PartnerUrlOptions]> = [
    ['https or http', ['https', 'http'], {}],
    ['https only', ['https'], {}],
    ['with an {applicationId} placeholder', ['https', 'http'], { placeholders: { applicationId: '0190d3f0-0000-7000-8000-000000000000' } }],
  ];
  for (const [what, schemes, opts] of cases) {
    it(`when a URL matches the pattern (${what}), then the rule accepts it`, () => {
      const regex = new RegExp(partnerUrlPattern(schemes, Object.keys(opts.placeholders ?? {})), 'u');
      const schema = partnerUrl(schemes, opts);
      const accepted = (url: string) => {
        expect(schema.validate(url).error?.message, url).to.equal(undefined);
      };
      // whole URLs of every shape, and the scheme and host alone of long ones (their host names reach the limits)
      fc.assert(fc.property(fc.stringMatching(regex, { size: 'small' }), accepted), { numRuns: 2000, seed: 20261123 });
      const origin = fc.stringMatching(regex, { size: 'medium' }).map((url) => /^[a-z]+:\/\/[^/?#]*/.exec(url)![0]);
      fc.assert(fc.property(origin, accepted), { numRuns: 500, seed: 20261123 });
    });
  }

  it('when URLs are the usual kind, then the pattern matches them', () => {
    const regex = new RegExp(partnerUrlPattern(['https', 'http'], ['applicationId']), 'u');
    for (const url of [
      'https://shop.example/',
      'https://shop.example',
      'http://localhost:3000/hooks',
      'https://api.my-shop.cz:8443/p/a%20b?x=1&y=2#top',
      'https://shop.example/thanks/{applicationId}?id={applicationId}',
      'https://203.0.113.7/w',
    ]) {
      expect(url).to.match(regex);
    }
  });

  it('when the host name is as long as the pattern allows, then the rule still accepts it; one label more and the pattern refuses it', () => {
    const regex = new RegExp(partnerUrlPattern(['https']), 'u');
    const longest = `https://${Array.from({ length: 6 }, (_, i) => `${'x'.repeat(19)}--${'a'.repeat(19)}${i}`).join('.')}/`;
    expect(longest).to.match(regex);
    expect(partnerUrl(['https']).validate(longest).error).to.equal(undefined);
    expect(`https://a.${longest.slice(8)}`).not.to.match(regex);
  });

  it('when a URL is refused by the rule for its host, port or credentials, then the pattern does not match it either', () => {
    const regex = new RegExp(partnerUrlPattern(['https', 'http']), 'u');
    for (const url of [
      'https://shop.example:99999/h',
      'https://shop.example:0/h',
      'https://user:secret@shop.example/h',
      'ftp://shop.example/h',
      'https://a.1/',
      'https://xn--a.example/',
      'https://9.9.9.999/',
      'https://shop.example/{applicationId}',
      'https://',
      '/relative',
    ]) {
      expect(url).not.to.match(regex);
    }
  });
});
