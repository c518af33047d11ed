import { expect } from 'chai';
import { parsePartnerUrl, partnerUrl, UnusableUrlError } from './partner-url.js';

describe('partner URLs: accepted only when the parser that later uses them reads them', () => {
  const refused: Array<[string, RegExp]> = [
    ['https://shop.example:99999/h', /port is 1-65535/],
    ['https://shop.example:65536/h', /port is 1-65535/],
    ['https://user:secret@shop.example/h', /user name or password/],
    ['ftp://shop.example/h', /must use https or http/],
    ['/relative/path', /not a valid absolute URL/],
    ['https://', /not a valid absolute URL/],
  ];
  for (const [text, why] of refused) {
    it(`when the URL is ${JSON.stringify(text)}, then it is refused with the reason`, () => {
      expect(() => parsePartnerUrl(text)).to.throw(UnusableUrlError, why);
      const { error } = partnerUrl().validate(text, { errors: { wrap: { label: false } } });
      expect(error, text).to.exist;
    });
  }

  it('when a port is in range, then the URL is accepted and reads back as WHATWG URL reads it', () => {
    expect(parsePartnerUrl('https://shop.example:8443/hooks?x=1').port).to.equal('8443');
    expect(partnerUrl().validate('https://shop.example:65535/h').error).to.equal(undefined);
  });

  it('when only https is allowed, then an http URL is refused and says so', () => {
    const { error } = partnerUrl(['https']).validate('http://shop.example/file.pdf', { errors: { wrap: { label: false } } });
    expect(error?.message).to.match(/https/);
  });

  it('when the joi schema refuses a URL the RFC syntax allows, then the message names the value and the reason', () => {
    const { error } = partnerUrl()
      .label('merchantUrls.notificationEndpoint')
      .validate('https://shop.example:99999/h', { errors: { wrap: { label: false } } });
    expect(error?.message).to.equal('merchantUrls.notificationEndpoint is not a valid absolute URL (check the host and that the port is 1-65535)');
  });
});
