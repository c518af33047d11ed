import Joi from 'joi';
import { InvalidRequestError } from '../errors.js';

/**
 * The one rule of every paged list (the payments of an application, the webhook
 * deliveries, the event feed), after the spec's paging conventions:
 *
 * - `limit` is 1..100, 20 when absent;
 * - `after` and `before` are ids of items of the list, and at most one of them is sent;
 * - a cursor that is malformed (not an id of the list's form) is 400 INVALID_REQUEST naming
 *   the parameter, by the route's schema (`cursorParameter`);
 * - a well-formed cursor that names no item of the list (unknown, another partner's, past a
 *   retention, another application's payment) is 400 INVALID_REQUEST naming the parameter,
 *   "unknown cursor" (`resolveCursor`). Another partner's id answers exactly like an
 *   unknown one. A page from a cursor nobody handed out would be an empty or arbitrary
 *   slice answered 200, and a client paging on it would take it for the end of the list.
 *
 * "The list" is the collection before any filter of the request (the deliveries' `state`,
 * the feed's `applicationId`): a cursor handed out by one page stays valid for the next even
 * when its item has left the filter since (a dead letter redelivered).
 */
export const pageLimit = Joi.number().integer().min(1).max(100).default(20).description('items per page (default 20, at most 100)');

/** An id as the service hands them out (UUID, lower-case hex in answers). */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * A cursor parameter's schema: `pattern` is the form of an id of the list (named `name` in
 * the 400), and `x-refers-to` tells tools that only the service hands one out (a made-up
 * value is refused, as documented).
 */
export function cursorParameter(pattern: RegExp, name: string, refersTo: string): Joi.StringSchema {
  return Joi.string().pattern(pattern, name).meta({ 'x-refers-to': refersTo });
}

export type CursorParameter = 'after' | 'before';

export interface CursorQuery {
  after?: string;
  before?: string;
}

/** The cursor the request sent, with the name of its parameter (the schemas allow at most one). */
export function cursorOf(q: CursorQuery): { parameter: CursorParameter; id: string } | undefined {
  if (q.after !== undefined) return { parameter: 'after', id: q.after };
  if (q.before !== undefined) return { parameter: 'before', id: q.before };
  return undefined;
}

/** 400 naming the parameter: a well-formed cursor that names no item of the list. `what` says what it should name. */
export function unknownCursor(parameter: CursorParameter, what: string): InvalidRequestError {
  return new InvalidRequestError(`${parameter}: unknown cursor: ${what}.`, { attribute: parameter });
}

/**
 * The item the request's cursor names, looked up with `find` (which answers null for an
 * item that is not in this list, another partner's included); undefined without a cursor.
 * A cursor that names nothing is `unknownCursor`.
 */
export async function resolveCursor<T>(
  q: CursorQuery,
  find: (id: string) => Promise<T | null | undefined> | T | null | undefined,
  what: string,
): Promise<NonNullable<T> | undefined> {
  const cursor = cursorOf(q);
  if (!cursor) return undefined;
  const item = await find(cursor.id);
  if (item === null || item === undefined) throw unknownCursor(cursor.parameter, what);
  return item as NonNullable<T>;
}

/** The spec's PagingInfo, in every list's answer. */
export interface PagingInfo {
  itemsPerPage: number;
  nextPage?: string;
  prevPage?: string;
}

/**
 * The PagingInfo of a page: `nextPage` only when `after` was sent and more items follow,
 * `prevPage` only when `before` was sent and more precede; neither without a cursor. `ids`
 * are the page's items in list order; `link` is the URL of the page a cursor names (each
 * list keeps its own query parameters, such as a filter, in it).
 */
export function pagingInfo(
  q: CursorQuery & { limit: number },
  ids: readonly string[],
  more: boolean,
  link: (cursor: CursorParameter, id: string) => string,
): PagingInfo {
  const info: PagingInfo = { itemsPerPage: q.limit };
  if (q.after !== undefined && more && ids.length) info.nextPage = link('after', ids[ids.length - 1]!);
  if (q.before !== undefined && more && ids.length) info.prevPage = link('before', ids[0]!);
  return info;
}

/** The PagingInfo schema of a list's answer; `items` (what the list holds) words its documentation. */
export function pagingInfoSchema(items?: string): Joi.ObjectSchema<PagingInfo> {
  const link = (when: string) => (items ? Joi.string().description(when) : Joi.string());
  return Joi.object<PagingInfo>({
    itemsPerPage: Joi.number().integer().required(),
    nextPage: link(`only when \`after\` was sent and more ${items} follow`),
    prevPage: link(`only when \`before\` was sent and more ${items} precede`),
  });
}
