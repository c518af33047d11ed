import { cursorOf, pagingInfo, unknownCursor, type PagingInfo } from '../../platform/http/paging.js';

/**
 * Cursor paging of the payments list (spec: PagingInfo and the paging conventions;
 * limit 20 by default, at most 100): sorted by paymentId (UUIDv7, so by time), `after` = the last item of the
 * previous page (forward), `before` = the first item of the page after (backward).
 * `nextPage` only when `after` was sent and more items follow; `prevPage` only when
 * `before` was sent and more items precede; neither without a cursor. A cursor that is no
 * paymentId of this list is 400 naming it (the rule of every list, platform/http/paging.ts).
 */
export interface PageRequest {
  limit: number;
  after?: string;
  before?: string;
}

export function page<T extends { paymentId: string }>(all: T[], req: PageRequest, basePath: string): { data: T[]; pagingInfo: PagingInfo } {
  const cursor = cursorOf(req);
  if (cursor && !all.some((p) => p.paymentId === cursor.id)) throw unknownCursor(cursor.parameter, 'no payment of this application has this paymentId');
  const sorted = [...all].sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0));
  let data: T[];
  let more = false;
  if (req.before !== undefined) {
    const earlier = sorted.filter((p) => p.paymentId < req.before!);
    data = earlier.slice(-req.limit);
    more = earlier.length > data.length;
  } else {
    const later = req.after !== undefined ? sorted.filter((p) => p.paymentId > req.after!) : sorted;
    data = later.slice(0, req.limit);
    more = later.length > data.length;
  }
  const link = (cursor: 'after' | 'before', id: string) => `${basePath}?limit=${req.limit}&${cursor}=${encodeURIComponent(id)}`;
  return {
    data,
    pagingInfo: pagingInfo(
      req,
      data.map((p) => p.paymentId),
      more,
      link,
    ),
  };
}
