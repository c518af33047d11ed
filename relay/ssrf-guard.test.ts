import { expect } from 'chai';
import { assertTargetAllowed, guardedLookup, isPublicAddress, RefusedAddressError } from './ssrf-guard.js';

describe('webhook SSRF guard (DESIGN 17)', () => {
  const refused = [
    '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1',
    '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', '100.64.0.1', '192.0.2.1',
    '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '2002:c0a8:0101::1', '64:ff9b::a00:1',
  ];
  for (const address of refused) {
    it(`when the address is ${address}, then it is not public`, () => {
      expect(isPublicAddress(address)).to.equal(false);
    });
  }

  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    it(`when the address is ${address}, then it is public`, () => {
      expect(isPublicAddress(address)).to.equal(true);
    });
  }

  it('when the text is not an IP address, then it is not public', () => {
    expect(isPublicAddress('localhost')).to.equal(false);
  });

  it('when a URL names a private IP literal and private networks are not allowed, then it is refused', () => {
    expect(() => assertTargetAllowed(new URL('http://10.0.0.5:8080/hook'), false)).to.throw(RefusedAddressError);
    expect(() => assertTargetAllowed(new URL('http://[::ffff:127.0.0.1]/hook'), false)).to.throw(RefusedAddressError);
    expect(() => assertTargetAllowed(new URL('https://8.8.8.8/hook'), false)).not.to.throw();
  });

  it('when private networks are allowed, then a private IP literal passes', () => {
    expect(() => assertTargetAllowed(new URL('http://127.0.0.1:8080/hook'), true)).not.to.throw();
  });

  it('when a name resolves to loopback and private networks are not allowed, then the lookup fails with the policy error', async () => {
    const lookup = guardedLookup(false);
    const err = await new Promise<unknown>((resolve) => lookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err).to.be.instanceOf(RefusedAddressError);
    expect((err as Error).message).to.match(/loopback/);
  });

  it('when a name resolves to loopback and private networks are allowed, then the lookup answers in the shape asked for', async () => {
    const lookup = guardedLookup(true);
    const all = await new Promise<unknown>((resolve, reject) => lookup('localhost', { all: true }, (e, a) => (e ? reject(e) : resolve(a))));
    expect(all).to.be.an('array').that.is.not.empty;
    const one = await new Promise<unknown[]>((resolve, reject) => lookup('localhost', { family: 4 }, (e, a, f) => (e ? reject(e) : resolve([a, f]))));
    expect(one).to.deep.equal(['127.0.0.1', 4]);
  });
});
