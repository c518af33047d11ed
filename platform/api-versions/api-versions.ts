/**
 * Dated API versions, the way Stripe keeps them: every partner is pinned to a version, a
 * request may ask for another in the `Api-Version` header, and every answer says which
 * version shaped it. The service works in the current version only; an answer for an
 * older version is the current answer taken back through each change made since, newest
 * first. Each change is one file (see versions/ at the repository root), so adding the
 * next version is adding one file, and no module asks which version it serves.
 */

export const API_VERSION_HEADER = 'Api-Version';

/** Turns a body of the current shape into the shape it had before a change. */
export type Downgrade = (body: unknown, status: number) => unknown;

/** What one version changed, and how to undo it for the versions before. */
export interface VersionChange {
  /** the version that brought the change; answers for any older version undo it */
  version: string;
  /** one line per change, for the docs and the version's changelog */
  changes: string[];
  /** response bodies by operationId */
  responses: Record<string, Downgrade>;
  /** notification bodies (webhooks and event-feed entries) by kind */
  notifications: Record<string, Downgrade>;
}

export class ApiVersions {
  /** oldest first */
  readonly versions: readonly string[];
  readonly current: string;

  constructor(
    readonly oldest: string,
    private readonly changes: readonly VersionChange[],
  ) {
    const dates = changes.map((c) => c.version);
    if (dates.some((d, i) => i > 0 && d <= dates[i - 1]!)) throw new Error('version changes must be in ascending order');
    this.versions = [oldest, ...dates];
    this.current = this.versions.at(-1)!;
  }

  known(version: string): boolean {
    return this.versions.includes(version);
  }

  /** The changes an answer for `version` must undo, newest first. */
  private since(version: string): VersionChange[] {
    return this.changes.filter((c) => c.version > version).reverse();
  }

  /** A response body of `operationId` for a partner on `version`. */
  response(version: string, operationId: string, status: number, body: unknown): unknown {
    let out = body;
    for (const change of this.since(version)) {
      const down = change.responses[operationId];
      if (down) out = down(out, status);
    }
    return out;
  }

  /** A notification body (webhook, feed entry) of `kind` for a partner on `version`. */
  notification(version: string, kind: string, body: unknown): unknown {
    let out = body;
    for (const change of this.since(version)) {
      const down = change.notifications[kind];
      if (down) out = down(out, 200);
    }
    return out;
  }
}
