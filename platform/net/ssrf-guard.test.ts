import { expect } from 'chai';
import type dns from 'node:dns';
import { assertTargetAllowed, guardedLookup, isNonPublicLiteral, isPublicAddress, RefusedAddressError, type Resolver } from './ssrf-guard.js';

describe('the private-network guard (documents by URL, webhooks)', () => {
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '100.64.0.1',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '2002:c0a8:0101::1',
    '64:ff9b::a00:1',
  ];
  for (const address of refused) {
    it(`when the address is ${address}, then it is not public`, () => {
      expect(isPublicAddress(address)).to.equal(false);
    });
  }

  /**
   * Every entry of IANA's IPv4 and IPv6 special-purpose address registries that is not
   * globally reachable, by one address inside it (the registry's name in the comment).
   */
  const specialPurpose: Array<[string, string]> = [
    ['0.1.2.3', '"this network" 0.0.0.0/8'],
    ['10.20.30.40', 'private 10.0.0.0/8'],
    ['100.127.255.254', 'shared address space 100.64.0.0/10'],
    ['127.8.8.8', 'loopback 127.0.0.0/8'],
    ['169.254.0.1', 'link local 169.254.0.0/16'],
    ['172.20.0.1', 'private 172.16.0.0/12'],
    ['192.0.0.8', 'IETF protocol assignments 192.0.0.0/24'],
    ['192.0.2.200', 'TEST-NET-1 192.0.2.0/24'],
    ['192.31.196.1', 'AS112-v4 192.31.196.0/24'],
    ['192.52.193.1', 'AMT 192.52.193.0/24'],
    ['192.88.99.1', 'deprecated 6to4 relay anycast 192.88.99.0/24'],
    ['192.168.200.1', 'private 192.168.0.0/16'],
    ['192.175.48.1', 'direct delegation AS112 192.175.48.0/24'],
    ['198.19.0.1', 'benchmarking 198.18.0.0/15'],
    ['198.51.100.7', 'TEST-NET-2 198.51.100.0/24'],
    ['203.0.113.9', 'TEST-NET-3 203.0.113.0/24'],
    ['224.1.2.3', 'multicast 224.0.0.0/4'],
    ['240.0.0.1', 'reserved 240.0.0.0/4'],
    ['255.255.255.255', 'limited broadcast'],
    ['::', 'unspecified ::/128'],
    ['::1', 'loopback ::1/128'],
    ['::127.0.0.1', 'IPv4-compatible ::/96 (loopback inside)'],
    ['::a9fe:a9fe', 'IPv4-compatible ::/96 (169.254.169.254 inside)'],
    ['::8.8.8.8', 'IPv4-compatible ::/96 (deprecated, even with a public IPv4 inside)'],
    ['::ffff:192.168.0.1', 'IPv4-mapped ::ffff:0:0/96'],
    ['64:ff9b::a00:1', 'IPv4-IPv6 translation 64:ff9b::/96'],
    ['64:ff9b:1::1', 'local-use IPv4-IPv6 translation 64:ff9b:1::/48'],
    ['100::1', 'discard-only 100::/64'],
    ['2001::1', 'TEREDO 2001::/32'],
    ['2001:2::1', 'benchmarking 2001:2::/48'],
    ['2001:10::1', 'deprecated ORCHID 2001:10::/28'],
    ['2001:20::1', 'ORCHIDv2 2001:20::/28'],
    ['2001:db8::1', 'documentation 2001:db8::/32'],
    ['2002:a00:1::1', '6to4 2002::/16'],
    ['3fff::1', 'documentation 3fff::/20'],
    ['5f00::1', 'segment routing SIDs 5f00::/16'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fe80::1', 'link-local unicast fe80::/10'],
    ['ff05::2', 'multicast ff00::/8'],
    ['1::1', 'outside 2000::/3: not allocated as global unicast'],
    ['4000::1', 'outside 2000::/3: not allocated as global unicast'],
  ];
  for (const [address, range] of specialPurpose) {
    it(`when the address is ${address} (${range}), then it is not public`, () => {
      expect(isPublicAddress(address)).to.equal(false);
      expect(() => assertTargetAllowed(new URL(`https://${address.includes(':') ? `[${address}]` : address}/h`), false)).to.throw(RefusedAddressError);
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

  /** A resolver that answers from a table, so that no test depends on real DNS. */
  const resolverOf =
    (table: Record<string, string[]>): Resolver =>
    (hostname, _options, callback) => {
      const found = table[hostname];
      if (!found) return callback(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }), []);
      callback(
        null,
        found.map((address): dns.LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    };
  const ask = (lookup: ReturnType<typeof guardedLookup>, host: string, options: dns.LookupOptions = { all: true }) =>
    new Promise<{ err: unknown; address: unknown }>((resolve) => lookup(host, options, (err, address) => resolve({ err, address })));

  it('when a public-looking name resolves to a private address and private networks are not allowed, then the lookup is refused', async () => {
    const lookup = guardedLookup(false, resolverOf({ 'files.shop.example': ['10.20.30.40'], 'meta.shop.example': ['169.254.169.254'] }));
    for (const host of ['files.shop.example', 'meta.shop.example']) {
      const { err, address } = await ask(lookup, host);
      expect(err, host).to.be.instanceOf(RefusedAddressError);
      expect(address).to.deep.equal([]);
    }
  });

  it('when a name resolves to a public and a private address, then it is refused (a fallback could reach the private one)', async () => {
    const lookup = guardedLookup(false, resolverOf({ 'mixed.shop.example': ['93.184.216.34', '192.168.1.10'] }));
    const { err } = await ask(lookup, 'mixed.shop.example');
    expect((err as RefusedAddressError).address).to.equal('192.168.1.10');
  });

  it('when a name resolves to public addresses only, then they are answered in the shape asked for', async () => {
    const lookup = guardedLookup(false, resolverOf({ 'files.shop.example': ['93.184.216.34'] }));
    expect((await ask(lookup, 'files.shop.example')).address).to.deep.equal([{ address: '93.184.216.34', family: 4 }]);
    expect((await ask(lookup, 'files.shop.example', { family: 4 })).address).to.equal('93.184.216.34');
  });

  it('when a URL names localhost or a non-public literal, then it is judged non-public without resolving; other names are left to the connect', () => {
    for (const url of [
      'https://localhost/x',
      'https://api.localhost/x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://100.64.0.1/x',
    ]) {
      expect(isNonPublicLiteral(new URL(url)), url).to.equal(true);
    }
    for (const url of ['https://shop.example/x', 'https://8.8.8.8/x', 'https://[2606:4700:4700::1111]/x']) {
      expect(isNonPublicLiteral(new URL(url)), url).to.equal(false);
    }
  });
});
