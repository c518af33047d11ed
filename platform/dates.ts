/**
 * Calendar dates as `YYYY-MM-DD` text. Due dates are local dates in the market's time zone,
 * so an instant becomes a date there, and date arithmetic involves no time zone at all.
 */

/** The service's calendar: the market's time zone. */
export const SERVICE_TIME_ZONE = 'Europe/Prague';

/** `YYYY-MM-DD` of an instant in the service's time zone. */
export function localDate(at: Date, timeZone = SERVICE_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Calendar arithmetic on `YYYY-MM-DD` (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
