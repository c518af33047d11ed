import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The private-network guard of webhooks and of documents the service fetches: an outgoing request may only reach a public unicast address unless
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS is on. One implementation for every outgoing request the
 * partner can aim (the relay's webhook client, the applications module's document fetcher).
 *
 * The check runs inside the socket's own `lookup`, so the address that was checked is the
 * address that is connected to: a DNS answer that changes between a check and the connect
 * (DNS rebinding) cannot slip through. An IP literal in the URL never reaches `lookup`
 * (net.connect skips it), so `assertTargetAllowed` checks literals before the request.
 */
export class RefusedAddressError extends Error {
  readonly code = 'EADDRREFUSED_BY_POLICY';

  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${host} resolves to ${address} (${range}); private networks are not allowed`);
  }
}

/**
 * ipaddr.js names every special-purpose range (RFC 6890 and successors); only `unicast` is
 * the public internet. Everything else is refused: loopback, private, link-local,
 * unique-local, multicast, unspecified, carrier-grade NAT, documentation, benchmarking,
 * and the IPv6 transition ranges (6to4, Teredo, NAT64) that can embed a private IPv4.
 * IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it maps; an IPv6
 * address outside 2000::/3 (IPv4-compatible ::/96 included) is never public.
 */
export function addressRange(address: string): string {
  const text = hexTail(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (!ipaddr.IPv6.isValid(text)) return ipaddr.IPv4.parse(text).range();
  const v6 = ipaddr.IPv6.parse(text);
  const range = v6.range();
  if (range === 'ipv4Mapped') return v6.toIPv4Address().range();
  if (range !== 'unicast') return range;
  // IANA allocates global unicast only inside 2000::/3. ipaddr.js calls everything it has
  // no name for `unicast`, which would pass the IPv4-compatible block ::/96 (::a9fe:a9fe is
  // 169.254.169.254 on some stacks) and every unallocated block; judge those by the registry.
  if (v6.match(IPV4_COMPATIBLE_V6)) return 'ipv4Compatible';
  return v6.match(GLOBAL_UNICAST_V6) ? range : 'notGlobalUnicast';
}

/**
 * `::8.8.8.8` as `::808:808`: ipaddr.js reads a dotted tail as IPv4-mapped whatever the
 * prefix, which would judge ::/96 by the IPv4 address inside; WHATWG URL writes it in hex.
 */
function hexTail(text: string): string {
  const m = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return text;
  const [a, b, c, d] = m.slice(2).map(Number) as [number, number, number, number];
  if ([a, b, c, d].some((n) => n > 255)) return text;
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const IPV4_COMPATIBLE_V6 = ipaddr.IPv6.parseCIDR('::/96');

export function isPublicAddress(address: string): boolean {
  try {
    return addressRange(address) === 'unicast';
  } catch {
    return false; // not an IP address at all
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** The resolver the guard asks (dns.lookup by default; tests pass one that answers what they need). */
export type Resolver = (
  hostname: string,
  options: { all: true; family: number; hints?: number },
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * A `lookup` for http(s).request that resolves every address and refuses the request if
 * any is not public: a name with one public and one private address could otherwise be
 * connected to the private one on a retry or a happy-eyeballs fallback.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    const family = typeof options.family === 'number' ? options.family : 0;
    resolve(hostname, { all: true, family, ...(options.hints ? { hints: options.hints } : {}) }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!allowPrivate) {
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (refused) return callback(new RefusedAddressError(hostname, refused.address, safeRange(refused.address)) as NodeJS.ErrnoException, []);
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Throws RefusedAddressError for an IP-literal URL host that is not public (names are checked at connect). */
export function assertTargetAllowed(url: URL, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host)) throw new RefusedAddressError(host, host, safeRange(host));
}

/**
 * A check without resolving, for input validation (a partner's notificationEndpoint at
 * create): an IP literal that is not public, or a `localhost` name (RFC 6761: always
 * loopback). Names are judged again when they are connected to.
 */
export function isNonPublicLiteral(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && !isPublicAddress(host);
}

function safeRange(address: string): string {
  try {
    return addressRange(address);
  } catch {
    return 'invalid';
  }
}
