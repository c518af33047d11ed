import { configSection, duration } from './config.js';
import { parseDuration } from './duration.js';

/** The outbox publisher and its sweeper. */
export const outboxSection = configSection({
  title: 'outbox',
  keys: {
    OUTBOX_SWEEP_INTERVAL: duration
      .default('5s')
      .description(
        'heartbeat of the outbox publisher: how often it checks whether a sweep is due (its own failed publish, a peer whose heartbeat stopped, its start)',
      ),
    OUTBOX_SWEEP_GRACE: duration.default('2s').description('age an outbox entry must reach before the sweeper takes it'),
    OUTBOX_FULL_SWEEP_INTERVAL: duration.default('5m').description('backstop: a sweep at least this often even when nothing called for one'),
  },
  shape: (v) => ({
    sweepIntervalMs: parseDuration(v.OUTBOX_SWEEP_INTERVAL),
    sweepGraceMs: parseDuration(v.OUTBOX_SWEEP_GRACE),
    fullSweepIntervalMs: parseDuration(v.OUTBOX_FULL_SWEEP_INTERVAL),
  }),
});
