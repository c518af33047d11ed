import Joi from 'joi';
import { partnerUrlPattern, type UrlScheme } from './partner-url-pattern.js';

export type { UrlScheme };

/**
 * The one rule for URLs a partner gives us (merchant redirect and notification URLs,
 * document and image URLs). A URL is accepted only if the parser that will later use it,
 * WHATWG `URL` (Node's http client, the relay, the gateway's redirect), reads it the same
 * way: RFC 3986 syntax alone lets through `https://shop.example:99999/h`, which `URL`
 * refuses, so a value accepted at the door would fail only later, far from the partner.
 */

export const MAX_URL_LENGTH = 2000;

/** The partner's URL did not pass the rule; `message` says which part and why. */
export class UnusableUrlError extends Error {}

/**
 * Parses `text` the way every consumer of partner URLs does, or throws UnusableUrlError:
 * absolute, one of `schemes`, a host, a port in range, and no credentials (a user:password
 * in a URL ends up in logs and in the Referer of redirects).
 */
export function parsePartnerUrl(text: string, schemes: readonly UrlScheme[] = ['https', 'http']): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnusableUrlError('is not a valid absolute URL (check the host and that the port is 1-65535)');
  }
  const scheme = url.protocol.slice(0, -1);
  if (!(schemes as readonly string[]).includes(scheme)) throw new UnusableUrlError(`must use ${schemes.join(' or ')}`);
  if (!url.hostname) throw new UnusableUrlError('has no host');
  if (url.username || url.password) throw new UnusableUrlError('must not carry a user name or password');
  return url;
}

export interface PartnerUrlOptions {
  /** `{name}` placeholders the service fills in before use, each with a sample value to judge the URL by */
  placeholders?: Record<string, string>;
}

/** The joi schema of a partner URL: RFC 3986 syntax, then the parser's own verdict. */
export function partnerUrl(schemes: readonly UrlScheme[] = ['https', 'http'], opts: PartnerUrlOptions = {}): Joi.StringSchema {
  const syntax = Joi.string().uri({ scheme: [...schemes] });
  const fill = (value: string) => Object.entries(opts.placeholders ?? {}).reduce((v, [name, sample]) => v.split(`{${name}}`).join(sample), value);
  // without placeholders the syntax rule stays on the schema itself (OpenAPI shows format: uri)
  return (
    (opts.placeholders ? Joi.string() : syntax)
      .max(MAX_URL_LENGTH)
      .custom((value: string, helpers) => {
        // judged as it will be used: with every placeholder filled in
        const used = fill(value);
        if (syntax.validate(used).error) return helpers.error('string.uri', { value });
        try {
          parsePartnerUrl(used, schemes);
          return value;
        } catch (err) {
          return helpers.error('url.unusable', { reason: (err as Error).message });
        }
      })
      .messages({
        'url.unusable': '{{#label}} {{#reason}}',
        'string.uri': '{{#label}} must be a valid uri with a scheme matching the ' + schemes.join('|') + ' pattern',
      })
      // the documented form (OpenAPI `pattern`); the rule above is what decides
      .meta({ pattern: partnerUrlPattern(schemes, Object.keys(opts.placeholders ?? {})) })
  );
}
