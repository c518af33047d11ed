import { configSection, duration } from '../../platform/config.js';
import { parseDuration } from '../../platform/duration.js';

/** The partner portal's settings. */
export const portalSection = configSection({
  title: 'portal module',
  keys: {
    PORTAL_SESSION_TTL: duration.default('8h').description('lifetime of a partner portal session (from sign-in; sign out or disable ends it sooner)'),
    PORTAL_SETUP_LINK_TTL: duration.default('72h').description("lifetime of a portal user's one-time setup link"),
    PORTAL_ENDPOINT_ALERT_AFTER: duration
      .default('1h')
      .description(
        "how long a partner's webhook endpoint must keep failing before the partner's technical contacts (portal owners and operators) are e-mailed, and e-mailed again when it recovers; 0s sends no such e-mail",
      ),
    PORTAL_PENDING_FORM_TTL: duration
      .default('15m')
      .description(
        'how long a portal form sent after its session ended is kept (server-side, bound to the browser, never with passwords or codes) to be shown pre-filled after signing in again',
      ),
  },
  shape: (v) => ({
    sessionTtlMs: parseDuration(v.PORTAL_SESSION_TTL),
    setupLinkTtlMs: parseDuration(v.PORTAL_SETUP_LINK_TTL),
    endpointAlertAfterMs: parseDuration(v.PORTAL_ENDPOINT_ALERT_AFTER),
    pendingFormTtlMs: parseDuration(v.PORTAL_PENDING_FORM_TTL),
  }),
});
export type PortalConfig = ReturnType<typeof portalSection.shape>;
