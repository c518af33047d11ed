import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { AppError, ClientClosedRequestError, InvalidRequestError } from '../errors.js';
import { firstDuplicateKey } from './json-duplicates.js';
import { jsonPath } from './validate.js';
import type { AppState } from './state.js';

export interface JsonBodyLimits {
  /** spec Limits: maximum request size (10 MB) */
  maxBytes: number;
  /** objects and arrays nested deeper than this are refused */
  maxDepth: number;
  /** no array may hold more elements than this */
  maxArrayLength: number;
}

export const DEFAULT_BODY_LIMITS: JsonBodyLimits = { maxBytes: 10 * 1024 * 1024, maxDepth: 32, maxArrayLength: 1000 };

/** Keys that reach Object.prototype through merges and spreads (prototype pollution). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Bytes of a refused oversized body we still read so the client can read our answer. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

const unsupported = (message: string) => new AppError('INVALID_REQUEST', message, { status: 415 });

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Reading what was refused keeps the connection answering: a client still sending its
 * 11 MB would otherwise stall (the reader leaves the stream paused) or be reset before it
 * reads the 400. Past DRAIN_LIMIT the socket goes: nobody gets to stream forever.
 */
function drain(req: IncomingMessage): void {
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

/**
 * koa-bodyparser decodes invalid UTF-8 into U+FFFD instead of refusing it, and a body may
 * hold a genuine U+FFFD, so the text alone cannot tell. This watches the bytes as the
 * parser reads them (a listener added in the same turn, before the first chunk flows).
 */
function watchUtf8(req: IncomingMessage): () => boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  const onData = (chunk: Buffer) => {
    if (!valid) return;
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      valid = false;
    }
  };
  req.on('data', onData);
  return () => {
    req.off('data', onData);
    if (valid) {
      try {
        decoder.decode();
      } catch {
        valid = false;
      }
    }
    return valid;
  };
}

const invalidUtf8 = () => new InvalidRequestError('The request body is not valid UTF-8.');

/** koa-bodyparser's refusals (raw-body's and the JSON parser's) in the spec's error format. */
function refusal(err: unknown, req: IncomingMessage, maxBytes: number, utf8Valid: () => boolean): Error | 'blank' {
  const e = err as { type?: string; body?: unknown };
  // the body was read whole (the request may count as destroyed by now): a parse error
  if (err instanceof SyntaxError && typeof e.body === 'string') {
    if (!utf8Valid()) return invalidUtf8();
    return e.body.trim() === '' ? 'blank' : new InvalidRequestError('The request body is not valid JSON.');
  }
  if (e.type === 'entity.too.large') {
    drain(req);
    return new InvalidRequestError(`The request body exceeds the ${maxBytes / 1024 / 1024} MB limit.`);
  }
  if (e.type === 'request.size.invalid') return new InvalidRequestError('The request body does not match its Content-Length.');
  // the client went away mid-body (aborted), or before we started reading (not readable)
  if (e.type === 'request.aborted' || e.type === 'stream.not.readable' || req.destroyed) return new ClientClosedRequestError();
  return err as Error;
}

/**
 * A UTF-16 surrogate without its partner. JSON lets a string spell one as an escape
 * (`"\ud800Jana"`); it is no character, and UTF-8 (the store, the webhooks, the logs)
 * cannot hold it, so it would silently become U+FFFD on the way out.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses what no endpoint takes, wherever it hides in the body: nesting deeper than
 * maxDepth, arrays longer than maxArrayLength, prototype-polluting keys, and strings (keys
 * included) holding a lone surrogate. Iterative, so a hostile body cannot overflow the
 * stack; stops at the first fault.
 */
export function inspectJson(value: unknown, limits: JsonBodyLimits): { message: string; attribute?: string } | undefined {
  const stack: Array<{ v: unknown; path: Array<string | number> }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string' && LONE_SURROGATE.test(v)) {
      return {
        message: 'The string holds a lone UTF-16 surrogate (an unpaired \\uD800-\\uDFFF escape), which is no character.',
        attribute: path.length ? jsonPath(path) : undefined,
      };
    }
    if (v === null || typeof v !== 'object') continue;
    const attribute = path.length ? jsonPath(path) : undefined;
    if (path.length >= limits.maxDepth) return { message: `The request body nests deeper than ${limits.maxDepth} levels.`, attribute };
    if (Array.isArray(v)) {
      if (v.length > limits.maxArrayLength) return { message: `An array holds more than ${limits.maxArrayLength} elements.`, attribute };
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
      continue;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return { message: `The key "${key}" is not allowed.`, attribute: jsonPath([...path, key]) };
      if (LONE_SURROGATE.test(key)) {
        return {
          message: 'A key holds a lone UTF-16 surrogate (an unpaired \\uD800-\\uDFFF escape), which is no character.',
          attribute: jsonPath([...path, key.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD')]),
        };
      }
      if (key.startsWith('$') || key.includes('.')) {
        return {
          message: `The key "${key}" is not allowed: keys may not start with "$" or contain "." (the store gives them a meaning).`,
          attribute: jsonPath([...path, key]),
        };
      }
      stack.push({ v: (v as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}

/** Checks of the parsed body and its text (koa-bodyparser keeps it as `ctx.request.rawBody`). */
function assertAcceptableJson(parsed: unknown, text: string, limits: JsonBodyLimits): void {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidRequestError('The request body must be a JSON object.');
  }
  const duplicate = firstDuplicateKey(text);
  if (duplicate) throw new InvalidRequestError(`The key "${duplicate.key}" appears twice in one object.`, { attribute: jsonPath(duplicate.path) });
  const fault = inspectJson(parsed, limits);
  if (fault) throw new InvalidRequestError(fault.message, { attribute: fault.attribute });
}

/** What koa-bodyparser is not asked to judge: the type, charset and encoding of the body. */
function assertJsonRequest(ctx: Context): void {
  if (!ctx.is('application/json', 'application/*+json')) {
    throw unsupported('The request body must be JSON: send Content-Type: application/json.');
  }
  const charset = ctx.request.charset;
  if (charset && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8') {
    throw unsupported('The request body must be encoded in UTF-8.');
  }
  const encoding = ctx.get('Content-Encoding').toLowerCase();
  if (encoding && encoding !== 'identity') throw unsupported('Compressed request bodies are not accepted.');
}

/**
 * The perimeter's JSON body reader (spec: all requests are JSON; Limits: 10 MB):
 * koa-bodyparser reads and parses, with its size limit and its error hook, and checks
 * around it keep every refusal in the spec's error format: 415 for a body that is not
 * `application/json` in UTF-8 (or is compressed), 400 over the size limit (the spec's error
 * table), for invalid UTF-8, invalid JSON, a top level that is not an object, a key twice
 * in one object (JSON.parse would silently keep the last), or what `inspectJson` refuses.
 * A client that goes away mid-body gets 499, which is not a server error. Unknown fields
 * are each schema's business (joi objects refuse them by default).
 */
export function jsonBody(limits: JsonBodyLimits = DEFAULT_BODY_LIMITS): Middleware<AppState> {
  const utf8 = new WeakMap<IncomingMessage, () => boolean>();
  const parse = bodyParser({
    enableTypes: ['json'],
    detectJSON: () => true, // the type was checked before (assertJsonRequest)
    jsonLimit: `${limits.maxBytes}b`,
    strict: false, // a top level that is not an object gets our own message
    onProtoPoisoning: 'ignore', // prototype keys are refused by inspectJson, naming the attribute
    onerror: (err: unknown, ctx: Context) => {
      const refused = refusal(err, ctx.req, limits.maxBytes, utf8.get(ctx.req) ?? (() => true));
      if (refused !== 'blank') throw refused;
      ctx.request.body = {};
      ctx.request.rawBody = '';
    },
  } as bodyParser.Options & { onProtoPoisoning: string });
  return async (ctx, next) => {
    if (!hasBody(ctx.req)) {
      ctx.request.body = {};
      return next();
    }
    assertJsonRequest(ctx);
    utf8.set(ctx.req, watchUtf8(ctx.req));
    await parse(ctx, async () => {
      if (!utf8.get(ctx.req)!()) throw invalidUtf8();
      if (ctx.request.rawBody.trim() === '') ctx.request.body = {};
      else assertAcceptableJson(ctx.request.body, ctx.request.rawBody, limits);
    });
    return next();
  };
}
