import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError, ClientClosedRequestError, InvalidRequestError } from '../errors.js';
import { firstDuplicateKey } from './json-duplicates.js';
import { jsonPath } from './validate.js';
import type { AppState } from './state.js';

declare module 'koa' {
  interface Request {
    /** the parsed JSON body; `{}` when the request has none (the shape koa-bodyparser gave) */
    body: {} | null | undefined;
  }
}

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
 * 11 MB would otherwise stall (raw-body leaves the stream paused) or be reset before it
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

async function readUtf8(req: IncomingMessage, maxBytes: number): Promise<string> {
  let raw: Buffer;
  try {
    raw = await getRawBody(req, { length: req.headers['content-length'], limit: maxBytes });
  } catch (err) {
    const e = err as { type?: string; status?: number };
    if (e.type === 'entity.too.large') {
      drain(req);
      throw new InvalidRequestError(`The request body exceeds the ${maxBytes / 1024 / 1024} MB limit.`);
    }
    if (e.type === 'request.size.invalid') throw new InvalidRequestError('The request body does not match its Content-Length.');
    // the client went away mid-body (aborted), or before we started reading (not readable)
    if (e.type === 'request.aborted' || e.type === 'stream.not.readable' || req.destroyed) throw new ClientClosedRequestError();
    throw err;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw); // also drops a BOM
  } catch {
    throw new InvalidRequestError('The request body is not valid UTF-8.');
  }
}

/**
 * Refuses what no endpoint takes, wherever it hides in the body: nesting deeper than
 * maxDepth, arrays longer than maxArrayLength, and prototype-polluting keys. Iterative, so
 * a hostile body cannot overflow the stack; stops at the first fault.
 */
export function inspectJson(value: unknown, limits: JsonBodyLimits): { message: string; attribute?: string } | undefined {
  const stack: Array<{ v: unknown; path: Array<string | number> }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
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
      if (key.startsWith('$') || key.includes('.')) {
        return { message: `The key "${key}" is not allowed: keys may not start with "$" or contain "." (the store gives them a meaning).`, attribute: jsonPath([...path, key]) };
      }
      stack.push({ v: (v as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * The perimeter's JSON body reader (spec: all requests are JSON; Limits: 10 MB). Answers in
 * the spec's error format: 415 for a body that is not `application/json` in UTF-8 (or is
 * compressed), 400 over the size limit (the spec's error table), for invalid UTF-8, invalid
 * JSON, a top level that is not an object, a key twice in one object (JSON.parse would
 * silently keep the last), or what `inspectJson` refuses. A client that goes away
 * mid-body gets 499, which is not a server error. Unknown fields are each schema's
 * business (joi objects refuse them by default).
 *
 * Replaces koa-bodyparser, which decodes invalid UTF-8 into U+FFFD instead of refusing it;
 * raw-body is the reader koa-bodyparser itself is built on.
 */
export function jsonBody(limits: JsonBodyLimits = DEFAULT_BODY_LIMITS): Middleware<AppState> {
  return async (ctx, next) => {
    if (!hasBody(ctx.req)) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json', 'application/*+json')) {
      throw unsupported('The request body must be JSON: send Content-Type: application/json.');
    }
    const charset = ctx.request.charset;
    if (charset && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8') {
      throw unsupported('The request body must be encoded in UTF-8.');
    }
    const encoding = ctx.get('Content-Encoding').toLowerCase();
    if (encoding && encoding !== 'identity') throw unsupported('Compressed request bodies are not accepted.');
    const text = await readUtf8(ctx.req, limits.maxBytes);
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new InvalidRequestError('The request body is not valid JSON.');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new InvalidRequestError('The request body must be a JSON object.');
    }
    const duplicate = firstDuplicateKey(text);
    if (duplicate) throw new InvalidRequestError(`The key "${duplicate.key}" appears twice in one object.`, { attribute: jsonPath(duplicate.path) });
    const fault = inspectJson(parsed, limits);
    if (fault) throw new InvalidRequestError(fault.message, { attribute: fault.attribute });
    ctx.request.body = parsed;
    return next();
  };
}
