/** The schemes a partner URL may use (the pattern and the parser take the same list). */
export type UrlScheme = 'http' | 'https';

/**
 * The form of a partner URL as a regular expression, for the OpenAPI document: what a
 * partner can check before sending. Every URL of this form passes the rule in
 * partner-url.ts (RFC 3986 syntax, then WHATWG URL: a host, a port 1-65535, no user name or
 * password); the rule itself takes a little more (IPv6 literals, punycode host names, a
 * trailing dot), which a regular expression could only approximate. So the pattern is
 * the safe subset, and partner-url-pattern.test.ts proves that nothing it matches is refused.
 *
 * Host names: at most six labels of 1-41 letters, digits and hyphens (so the name stays within
 * the 255 characters RFC 3986 syntax checking takes), no hyphen at either end of a label,
 * not `--` as its third and fourth characters (that form is reserved for encoded
 * international names, `xn--`, which WHATWG decodes and may refuse), and the last label
 * starting with a letter (WHATWG reads a last label of digits as an IPv4 address). Or a
 * dotted IPv4 address without leading zeros (WHATWG would read those as octal).
 */
const ALNUM = '[A-Za-z0-9]';
/** 1-41 characters; `first` is the class of the first one. */
const label = (first: string) => `${first}(?:${ALNUM}|[A-Za-z0-9-](?:${ALNUM}(?:[A-Za-z0-9-]{0,37}${ALNUM})?|-${ALNUM}(?:[A-Za-z0-9-]{0,36}${ALNUM})?))?`;
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const HOST = `(?:(?:${label(ALNUM)}\\.){0,5}${label('[A-Za-z]')}|${OCTET}(?:\\.${OCTET}){3})`;
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?';
/** RFC 3986 path characters (pchar and `/`) but the percent-escape; a query or fragment also takes `?`. */
const PATH_CHARS = "[A-Za-z0-9._~!$&'()*+,;=:@/-]";
const QUERY_CHARS = "[A-Za-z0-9._~!$&'()*+,;=:@/?-]";
const ESCAPE = '%[0-9A-Fa-f]{2}';

/**
 * `{name}` placeholders (filled in by the service) may stand wherever a path, query or
 * fragment character may. Each part is written as characters, then (an escape or a
 * placeholder, then characters) repeated: the same strings as a repeat of alternatives, in
 * the shape test generators can stretch to an exact length (schemathesis tries 2000).
 */
export function partnerUrlPattern(schemes: readonly UrlScheme[], placeholders: readonly string[] = []): string {
  const token = [ESCAPE, ...placeholders.map((p) => `\\{${p}\\}`)].join('|');
  const part = (lead: string, chars: string) => `(?:${lead}${chars}*(?:(?:${token})${chars}*)*)?`;
  return `^(?:${schemes.join('|')})://${HOST}${PORT}${part('/', PATH_CHARS)}${part('\\?', QUERY_CHARS)}${part('#', QUERY_CHARS)}$`;
}
