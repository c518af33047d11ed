import { pagingInfo, type PagingInfo } from '../../platform/http/paging.js';

/**
 * Cursor paging of the event feed, per the spec's paging conventions (limit 1..100, default 20):
 * oldest first; `after` = the id of the last item seen (forward), `before` = the id of the
 * first item of the page seen (backward, still oldest first within the page). `nextPage`
 * only when `after` was sent and more items follow, `prevPage` only when `before` was sent
 * and more precede; neither without a cursor.
 */
export interface FeedQuery {
  limit: number;
  after?: string;
  before?: string;
  applicationId?: string;
}

/** Inclusive integer range; empty when `to < from`. */
export function seqRange(from: number, to: number): number[] {
  return to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The page out of what was found: up to limit + 1 items in feed order, the extra one only
 * telling that more exist (beyond the end going forward, before the start going backward).
 */
export function pageOf<T>(found: T[], q: Pick<FeedQuery, 'limit' | 'before'>): { data: T[]; more: boolean } {
  const more = found.length > q.limit;
  if (!more) return { data: found, more };
  return { data: q.before !== undefined ? found.slice(found.length - q.limit) : found.slice(0, q.limit), more };
}

/** The feed's PagingInfo (platform/http/paging.ts); its links keep the applicationId filter. */
export function pagingInfoOf(q: FeedQuery, ids: string[], more: boolean, basePath: string): PagingInfo {
  return pagingInfo(q, ids, more, (cursor, id) => {
    const params = new URLSearchParams({ limit: String(q.limit), [cursor]: id });
    if (q.applicationId !== undefined) params.set('applicationId', q.applicationId);
    return `${basePath}?${params}`;
  });
}
