/**
 * Every query shape the service sends to MongoDB, with the index that answers it: the data
 * of docs/operations.md's "Indexes" table and of indexes.spec.ts, which checks each shape
 * against the indexes the services create, and that every production file that queries the
 * store is listed here.
 */
export interface QueryShape {
  /** one collection, or several that share the code (the outbox's and the version guard's) */
  collections: string[];
  /** fields compared for equality (or `$in`), in any order */
  equal: string[];
  /** a field compared by range (`$lt`, `$lte`, `$gt`, `$gte`) */
  range?: string;
  sort?: Record<string, 1 | -1>;
  /** fields the index does not hold: checked on the few documents it leads to */
  residual?: string[];
  /** the production file that issues it */
  by: string;
  what: string;
  /** the index's name, or why no index is the right answer */
  index: string | { scan: string };
}

const OUTBOXED = ['applications', 'payment_ledgers', 'settlements', 'webhook_test_notifications'];
const LINES = 'modules/payments/payment-lines.repository.ts';
const SETTLEMENTS = 'modules/payments/settlements.repository.ts';
const AL = 'modules/applications/store/application-listing.ts';
const PORTAL = 'modules/portal/portal.repository.ts';

export const QUERY_SHAPES: QueryShape[] = [
  { collections: ['applications'], equal: ['_id'], by: 'modules/applications/store/application.repository.ts', what: 'an application by id', index: '_id_' },
  { collections: ['applications'], equal: ['dedupKey'], by: 'modules/applications/store/application.repository.ts', what: 'the application holding a duplicate key', index: 'dedup_key_unique' },
  { collections: ['applications'], equal: ['_id'], residual: ['dedupKey'], by: 'modules/applications/store/application.repository.ts', what: 'give a duplicate key up (guarded); adopt an earlier version\'s claim', index: '_id_' },
  { collections: ['applications'], equal: ['partnerId', 'order.number'], sort: { createdAt: -1, _id: -1 }, residual: ['order.variableSymbols'], by: 'modules/applications/store/application.repository.ts', what: 'GET orders by order number (and symbol)', index: 'partnerId_1_order.number_1_createdAt_-1' },
  { collections: ['applications'], equal: ['partnerId', 'order.variableSymbols'], sort: { createdAt: -1, _id: -1 }, by: 'modules/applications/store/application.repository.ts', what: 'GET orders by variable symbol', index: 'partner_variable_symbol_newest' },
  { collections: ['applications'], equal: [], range: 'expiresAt', by: 'modules/applications/store/application.repository.ts', what: 'applications past their expiry', index: 'expiresAt_1' },
  { collections: ['applications'], equal: [], range: 'recurrence.validUntil', residual: ['recurrence.state'], by: 'modules/applications/store/application.repository.ts', what: 'recurrences past their validity', index: 'recurrence.validUntil_1' },
  { collections: OUTBOXED, equal: ['_id', 'version'], by: 'platform/versioned-store.ts', what: 'a version-guarded change', index: 'occ_id_version' },
  { collections: OUTBOXED, equal: ['_id', 'version'], by: 'platform/outbox-publisher.ts', what: 'removal of published entries (guarded)', index: 'occ_id_version' },
  { collections: OUTBOXED, equal: ['_id'], by: 'platform/outbox-publisher.ts', what: 'removal of published entries', index: '_id_' },
  { collections: OUTBOXED, equal: ['_id'], residual: ['outbox', 'outboxAt'], by: 'platform/outbox-publisher.ts', what: 'the stamp of documents left with nothing pending', index: '_id_' },
  { collections: OUTBOXED, equal: [], range: 'outboxAt', by: 'platform/outbox-sweeper.ts', what: 'the sweeper: entries left behind', index: 'outboxAt_1' },
  { collections: ['applications'], equal: ['partnerId'], residual: ['idempotency.<key>.expiresAt'], by: 'platform/idempotency.ts', what: 'a kept response after its process died', index: 'partnerId_1_order.number_1_createdAt_-1' },
  { collections: ['payment_ledgers'], equal: ['partnerId'], residual: ['idempotency.<key>.expiresAt'], by: 'platform/idempotency.ts', what: 'a kept response after its process died', index: 'partner' },
  { collections: ['webhook_test_notifications'], equal: ['partnerId'], residual: ['idempotency.<key>.expiresAt'], by: 'platform/idempotency.ts', what: 'a kept response after its process died', index: 'partner' },
  { collections: ['payment_ledgers'], equal: ['_id'], by: 'modules/payments/ledger.repository.ts', what: 'an application\'s ledger', index: '_id_' },
  { collections: ['settlements'], equal: ['partnerId'], residual: ['idempotency.<key>.expiresAt'], by: 'platform/idempotency.ts', what: 'a kept response after its process died', index: 'partner_newest' },
  { collections: ['payment_lines'], equal: ['_id'], residual: ['partnerId'], by: LINES, what: 'a partner\'s payment line (a cursor)', index: '_id_' },
  { collections: ['payment_lines'], equal: ['partnerId'], range: '_id', sort: { _id: 1 }, by: LINES, what: 'the account-wide payments, a page (backwards: read in reverse)', index: 'partner_payment' },
  { collections: ['payment_lines'], equal: ['partnerId', 'type'], range: '_id', sort: { _id: 1 }, by: LINES, what: 'the account-wide payments of one type, a page', index: 'partner_type_payment' },
  { collections: ['payment_lines'], equal: ['partnerId'], range: 'date', sort: { date: 1, _id: 1 }, residual: ['_id'], by: LINES, what: 'the account-wide payments of a date range, a page', index: 'partner_date_payment' },
  { collections: ['payment_lines'], equal: ['partnerId', 'settlementId'], range: '_id', sort: { _id: 1 }, by: LINES, what: 'a settlement\'s lines, a page; all of them', index: 'partner_settlement_payment' },
  { collections: ['payment_lines'], equal: ['partnerId', 'settlementId'], residual: ['claimNumber', 'createdAt'], by: LINES, what: 'claim the open, unclaimed lines for the next settlement number', index: 'partner_settlement_payment' },
  { collections: ['payment_lines'], equal: ['partnerId', 'claimNumber'], residual: ['settlementId', 'createdAt'], sort: { _id: 1 }, by: LINES, what: 'the lines claimed for a settlement number, before a cut-off', index: 'partner_claim_payment' },
  { collections: ['payment_lines'], equal: ['partnerId', 'settlementId'], residual: ['claimNumber'], by: LINES, what: 'give back the claims no written settlement took', index: 'partner_settlement_payment' },
  { collections: ['payment_lines'], equal: ['partnerId', 'settled'], residual: ['settlementId'], by: LINES, what: 'the earlier layout\'s claims (a settlement id on an unsettled line)', index: 'partner_pending' },
  { collections: ['payment_lines'], equal: ['partnerId', 'settlementId', 'settled'], residual: ['_id'], by: LINES, what: 'finish or give back the earlier layout\'s claims', index: 'partner_pending' },
  { collections: ['payment_lines'], equal: ['_id'], residual: ['partnerId', 'settlementId'], by: LINES, what: 'a written settlement\'s lines get its id (`$in`, in pieces)', index: '_id_' },
  { collections: ['payment_lines'], equal: ['settled'], range: 'createdAt', by: LINES, what: 'the cut-off job: partners with open lines before it (distinct)', index: 'unsettled_lines' },
  { collections: ['payment_lines'], equal: ['settled'], residual: ['claimNumber'], by: LINES, what: 'the cut-off job: partners with a pending claim (distinct)', index: 'unsettled_lines' },
  { collections: ['payment_lines'], equal: [], sort: { _id: 1 }, by: LINES, what: 'every line, once (the operators\' integrity check)', index: { scan: 'the integrity check reads every line once, by an operator' } },
  { collections: ['settlements'], equal: ['_id'], by: SETTLEMENTS, what: 'a settlement', index: '_id_' },
  { collections: ['settlements'], equal: ['partnerId'], sort: { number: -1 }, by: SETTLEMENTS, what: 'a partner\'s newest settlements', index: 'partner_newest' },
  { collections: ['settlements'], equal: ['partnerId'], range: 'number', sort: { number: 1 }, by: SETTLEMENTS, what: 'a partner\'s settlements, a page', index: 'partner_newest' },
  { collections: ['applications'], equal: ['partnerId'], range: 'createdAt', sort: { createdAt: -1, _id: -1 }, residual: ['_id'], by: AL, what: 'the portal\'s applications list, a page (newest first, a created range)', index: 'list_partner_newest' },
  { collections: ['applications'], equal: ['partnerId', 'state'], range: 'createdAt', sort: { createdAt: -1, _id: -1 }, residual: ['_id', 'stateReason', 'type'], by: AL, what: 'the portal\'s list filtered by state; the counts per state', index: 'list_partner_state_newest' },
  { collections: ['applications'], equal: ['partnerId', 'stateReason'], range: 'createdAt', sort: { createdAt: -1, _id: -1 }, residual: ['_id', 'type'], by: AL, what: 'the portal\'s list filtered by stateReason', index: 'list_partner_reason_newest' },
  { collections: ['applications'], equal: ['partnerId', 'type'], range: 'createdAt', sort: { createdAt: -1, _id: -1 }, residual: ['_id'], by: AL, what: 'the portal\'s list filtered by financing type', index: 'list_partner_type_newest' },
  { collections: ['applications'], equal: ['partnerId', 'customer.email'], sort: { createdAt: -1, _id: -1 }, by: AL, what: 'the portal\'s search by customer e-mail (one of the search\'s three queries, merged)', index: 'list_partner_email_newest' },
  { collections: ['applications'], equal: ['partnerId', 'order.number'], sort: { createdAt: -1, _id: -1 }, by: AL, what: 'the portal\'s search by order number (one of the search\'s three queries, merged)', index: 'partnerId_1_order.number_1_createdAt_-1' },
  { collections: ['applications'], equal: ['partnerId', 'order.variableSymbols'], sort: { createdAt: -1, _id: -1 }, by: AL, what: 'the portal\'s search by variable symbol (one of the search\'s three queries, merged)', index: 'partner_variable_symbol_newest' },
  { collections: ['applications'], equal: ['_id'], residual: ['partnerId'], by: AL, what: 'the portal\'s list position of one application (a cursor)', index: '_id_' },
  { collections: ['payment_references'], equal: ['applicationId'], by: 'modules/applications/store/payment-references.ts', what: 'an application\'s variable symbol for the customer\'s payments', index: 'one_reference_per_application' },
  { collections: ['payment_lines'], equal: ['partnerId', 'date'], by: 'modules/payments/partner-payments.query.ts', what: 'the portal\'s money page: a day\'s line count (a count from the index alone); its lines when its totals are not kept', index: 'partner_date_payment' },
  { collections: ['payment_day_totals'], equal: ['_id'], by: 'modules/payments/partner-payments.query.ts', what: 'the portal\'s money page: the days\' kept totals ($in); keeping one', index: '_id_' },
  { collections: ['payment_lines'], equal: ['partnerId'], range: 'date', sort: { date: 1, _id: 1 }, residual: ['_id'], by: 'modules/payments/partner-payments.query.ts', what: 'the portal\'s money page: its CSV export (its pages are the payments list\'s date-range pages)', index: 'partner_date_payment' },
  { collections: ['portal_users', 'portal_setup_links', 'portal_sessions'], equal: ['_id'], residual: ['partnerId', 'totpLastStep'], by: PORTAL, what: 'a portal user, setup link or session by id (sessions and links by the hash of their secret)', index: '_id_' },
  { collections: ['portal_users'], equal: ['email'], by: PORTAL, what: 'a portal user by e-mail (sign-in)', index: 'email_1' },
  { collections: ['portal_users'], equal: ['partnerId'], sort: { createdAt: 1 }, by: PORTAL, what: 'a partner\'s portal users', index: 'partnerId_1_createdAt_1' },
  { collections: ['portal_setup_links', 'portal_sessions'], equal: ['userId'], by: PORTAL, what: 'a user\'s setup links and sessions (revoked together)', index: 'userId_1' },
  { collections: ['portal_audit'], equal: ['partnerId'], range: 'at', sort: { at: -1, _id: -1 }, residual: ['_id'], by: PORTAL, what: 'the audit log, a page', index: 'partnerId_1_at_-1__id_-1' },
  { collections: ['partner_request_log'], equal: ['partnerId'], range: 'at', sort: { at: -1, _id: -1 }, residual: ['_id', 'status'], by: 'modules/portal/request-log.ts', what: 'the request log, a page (a status class)', index: 'partner_newest_status' },
  { collections: ['payment_ledgers'], equal: [], by: 'modules/payments/backfill-lines.ts', what: 'the one-off backfill of payment lines', index: { scan: 'every ledger is wanted, once' } },
  { collections: ['payment_lines'], equal: ['_id'], by: 'modules/payments/backfill-lines.ts', what: 'the one-off backfill: does a record have its line', index: '_id_' },
  { collections: ['application_dedup'], equal: [], range: 'claimedAt', by: 'modules/applications/store/application.repository.ts', what: 'the earlier version\'s duplicate claims, at start', index: { scan: 'once per start, on a collection no longer written that is dropped after it' } },
  { collections: ['customer_accounts'], equal: ['_id'], residual: ['level'], by: 'modules/applications/store/application.repository.ts', what: 'a customer\'s account', index: '_id_' },
  { collections: ['customer_accounts'], equal: ['_id'], by: 'modules/applications/store/application.repository.ts', what: 'a customer\'s level', index: '_id_' },
  { collections: ['recurrences'], equal: ['_id'], by: 'modules/applications/store/application.repository.ts', what: 'a recurrence\'s application', index: '_id_' },
  { collections: ['application_keys'], equal: ['_id'], by: 'modules/applications/store/application.repository.ts', what: 'the gateway link key', index: '_id_' },
  { collections: ['partners'], equal: ['username'], by: 'modules/auth/auth.repository.ts', what: 'login, the partners CLI', index: 'username_1' },
  { collections: ['partners'], equal: ['_id'], by: 'modules/auth/auth.repository.ts', what: 'a partner by id (cached)', index: '_id_' },
  { collections: ['partners'], equal: ['_id'], by: 'modules/auth/auth.repository.ts', what: 'token revocation', index: '_id_' },
  { collections: ['partners'], equal: ['_id'], by: 'modules/auth/auth.repository.ts', what: 'does a partner exist', index: '_id_' },
  { collections: ['partners'], equal: ['_id'], residual: ['updatedAt'], by: 'modules/auth/auth.repository.ts', what: 'secret rotation (guarded)', index: '_id_' },
  { collections: ['partners'], equal: ['username'], by: 'modules/auth/auth.repository.ts', what: 'CLI changes', index: 'username_1' },
  { collections: ['partners'], equal: [], sort: { username: 1 }, by: 'modules/auth/auth.repository.ts', what: 'the CLI\'s list of partners', index: { scan: 'every partner is wanted (the CLI\'s list)' } },
  { collections: ['partners'], equal: [], by: 'modules/auth/auth.repository.ts', what: 'revoke every partner\'s tokens', index: { scan: 'changes every partner by design' } },
  { collections: ['auth_signing_keys'], equal: [], residual: ['active'], by: 'modules/auth/auth.repository.ts', what: 'the signing keys, every refresh', index: { scan: 'a handful of keys (one active, a few retiring), all of them wanted' } },
  { collections: ['auth_signing_keys'], equal: ['_id'], by: 'modules/auth/auth.repository.ts', what: 'retire or delete a key', index: '_id_' },
  { collections: ['auth_counters'], equal: ['_id'], by: 'modules/auth/window-counters.ts', what: 'a rate-limit or login-throttle window', index: '_id_' },
  { collections: ['auth_counters'], equal: [], range: 'expiresAt', by: 'modules/auth/window-counters.ts', what: 'ended windows, swept', index: 'expiresAt_1' },
  { collections: ['event_feed'], equal: ['webhookId'], by: 'modules/events/events.repository.ts', what: 'a notification already in the feed', index: 'webhook_id_unique' },
  { collections: ['event_feed'], equal: ['_id'], by: 'modules/events/events.repository.ts', what: 'feed entries by partner and seq (`$in`)', index: '_id_' },
  { collections: ['event_feed'], equal: ['partnerId', 'applicationId'], range: 'seq', sort: { seq: 1 }, residual: ['recordedAt'], by: 'modules/events/events.repository.ts', what: 'one application\'s entries', index: 'partner_application_seq' },
  { collections: ['event_feed_heads'], equal: ['_id'], by: 'modules/events/events.repository.ts', what: 'a partner\'s head', index: '_id_' },
  { collections: ['event_feed_heads'], equal: [], by: 'modules/events/events.repository.ts', what: 'retention walks every partner\'s head', index: { scan: 'every document is wanted' } },
  { collections: ['ops_audit'], equal: [], sort: { _id: -1 }, residual: ['at', 'command'], by: 'platform/audit.ts', what: 'the operators\' audit, newest first (a page)', index: { scan: 'read by an operator, newest first by its time-ordered _id, a page at a time' } },
  { collections: ['applications'], equal: ['_id'], by: 'modules/applications/store/order-totals.ts', what: 'an application\'s order total (the integrity check)', index: '_id_' },
  { collections: ['consumer_inbox'], equal: ['_id'], by: 'platform/consumer-inbox.ts', what: 'a message handled before', index: '_id_' },
  { collections: ['consumer_inbox'], equal: [], range: '_id', residual: ['at'], by: 'platform/consumer-inbox.ts', what: 'old records of one group', index: '_id_' },
  { collections: ['outbox_publishers'], equal: ['_id'], residual: ['beatAt'], by: 'platform/outbox-sweeper.ts', what: 'a publisher\'s heartbeat', index: '_id_' },
  { collections: ['outbox_publishers'], equal: [], by: 'platform/outbox-sweeper.ts', what: 'every publisher\'s heartbeat', index: { scan: 'one document per running process' } },
  { collections: ['idempotency_keys'], equal: ['_id'], residual: ['owner', 'state'], by: 'platform/idempotency.ts', what: 'claim, finish, release a key', index: '_id_' },
  { collections: ['idempotency_keys'], equal: [], range: 'expiresAt', by: 'platform/idempotency.ts', what: 'expired keys, purged', index: 'expiresAt_1' },
  { collections: ['webhook_deliveries'], equal: ['_id'], by: 'modules/webhooks/delivery.repository.ts', what: 'delivery records by id (`$in` per batch)', index: '_id_' },
  { collections: ['webhook_deliveries'], equal: ['_id', 'version'], by: 'modules/webhooks/delivery.repository.ts', what: 'an attempt recorded (guarded)', index: 'occ_id_version' },
  { collections: ['webhook_deliveries'], equal: ['partnerId'], range: '_id', sort: { _id: -1 }, residual: ['state'], by: 'modules/webhooks/delivery.repository.ts', what: 'a partner\'s deliveries, a page', index: 'partner_newest_first' },
  { collections: ['webhook_deliveries'], equal: ['partnerId'], range: '_id', sort: { _id: 1 }, residual: ['state'], by: 'modules/webhooks/delivery.repository.ts', what: 'a partner\'s dead letters (redeliver all)', index: 'partner_newest_first' },
  { collections: ['webhook_test_notifications'], equal: ['_id'], by: 'modules/webhooks/test-notifications.repository.ts', what: 'a partner\'s test notifications (its rate window)', index: '_id_' },
];

/** The shapes as the Markdown table of docs/operations.md. */
export function shapesTable(): string {
  const code = (s: string) => `\`${s}\``;
  const filter = (s: QueryShape) => {
    const parts = [...s.equal.map((f) => `${f} =`), ...(s.range ? [`${s.range} <>`] : [])];
    const sort = s.sort ? ` sort ${Object.entries(s.sort).map(([k, d]) => `${k} ${d}`).join(', ')}` : '';
    const rest = s.residual?.length ? ` (+ ${s.residual.join(', ')})` : '';
    return `${parts.length ? parts.join(', ') : 'all'}${sort}${rest}`;
  };
  const rows = QUERY_SHAPES.map((s) => `| ${s.collections.map(code).join(', ')} | ${filter(s)} | ${s.what} | ${code(s.by)} | ${typeof s.index === 'string' ? code(s.index) : `none: ${s.index.scan}`} |`);
  return ['| Collection | Filter and sort | What for | Issued by | Index |', '|---|---|---|---|---|', ...rows].join('\n');
}
