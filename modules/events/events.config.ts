import { atLeastAnHour, configSection, duration } from '../../platform/config.js';
import { parseDuration } from '../../platform/duration.js';

/** The partner event feed's settings. */
export const eventsSection = configSection({
  title: 'events module',
  keys: {
    EVENT_FEED_RETENTION: duration
      .custom(atLeastAnHour)
      .default('30d')
      .description(
        'how long an entry stays in the partner event feed (GET /financing/v1/events); older entries are no longer listed and are removed; at least 1h',
      ),
  },
  shape: (v) => ({ retentionMs: parseDuration(v.EVENT_FEED_RETENTION) }),
});
export type EventsConfig = ReturnType<typeof eventsSection.shape>;
