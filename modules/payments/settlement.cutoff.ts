import { addDays, localDate } from '../../platform/dates.js';

/**
 * The daily cut-off: a local time of day in a time zone (default 18:00 Europe/Prague). The
 * instant of "18:00 in Prague" moves with daylight saving (16:00 UTC in summer, 17:00 in
 * winter), so it is computed per day from the zone's offset at that moment (Intl), never as
 * a fixed UTC hour.
 */
export interface CutoffRule {
  /** `HH:MM`, local */
  time: string;
  /** IANA zone */
  timeZone: string;
  /**
   * Test hook, never set in production: cut-offs every this many ms (on multiples of it since
   * the epoch) instead of daily, so a test sees the scheduled job of several instances close
   * the same cut-off many times in a minute.
   */
  everyMs?: number;
}

export const DEFAULT_CUTOFF: CutoffRule = { time: '18:00', timeZone: 'Europe/Prague' };

/** The zone's offset from UTC at `at`, in ms (Prague: +1 h in winter, +2 h in summer). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a local date and time names in the zone. A time that the clocks skip (spring
 * forward) is taken at the offset before the jump, i.e. the same wall time an hour later; a
 * time they pass twice (autumn) is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // the offset an hour before and after decides: the earlier offset for a repeated hour
  const before = zoneOffsetMs(new Date(wall - 3 * 3600_000), timeZone);
  const after = zoneOffsetMs(new Date(wall + 3 * 3600_000), timeZone);
  const first = wall - Math.max(before, after);
  if (zoneOffsetMs(new Date(first), timeZone) === Math.max(before, after) && localWall(first, timeZone) === wall) return new Date(first);
  const second = wall - Math.min(before, after);
  if (localWall(second, timeZone) === wall) return new Date(second);
  return new Date(wall - before); // skipped: the wall time after the jump
}

function localWall(ms: number, timeZone: string): number {
  return ms + zoneOffsetMs(new Date(ms), timeZone);
}

/** The latest scheduled cut-off at or before `now`. */
export function cutoffAtOrBefore(now: Date, rule: CutoffRule): Date {
  if (rule.everyMs) return new Date(Math.floor(now.getTime() / rule.everyMs) * rule.everyMs);
  const today = localDate(now, rule.timeZone);
  const todays = zonedInstant(today, rule.time, rule.timeZone);
  return todays.getTime() <= now.getTime() ? todays : zonedInstant(addDays(today, -1), rule.time, rule.timeZone);
}

/** The first scheduled cut-off after `now`. */
export function cutoffAfter(now: Date, rule: CutoffRule): Date {
  if (rule.everyMs) return new Date((Math.floor(now.getTime() / rule.everyMs) + 1) * rule.everyMs);
  const today = localDate(now, rule.timeZone);
  const todays = zonedInstant(today, rule.time, rule.timeZone);
  return todays.getTime() > now.getTime() ? todays : zonedInstant(addDays(today, 1), rule.time, rule.timeZone);
}

/**
 * The value date of a settlement closed at `cutoff`: the next working day (Monday to
 * Friday) after the cut-off's local date, when the transfer is sent. Bank holidays are not
 * known here; the bank moves such a transfer to its next business day.
 */
export function valueDateOf(cutoff: Date, timeZone: string): string {
  let date = addDays(localDate(cutoff, timeZone), 1);
  for (;;) {
    const day = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) return date;
    date = addDays(date, 1);
  }
}
