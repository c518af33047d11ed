/** Times typed in and shown to staff are Prague wall-clock times (datetime-local inputs). */
const ZONE = 'Europe/Prague';

function offsetMs(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** `2026-11-26T09:00` in Prague as an instant; undefined when it is not such a value. */
export function fromPragueLocal(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return undefined;
  const naive = new Date(`${text}:00Z`);
  if (Number.isNaN(naive.getTime())) return undefined;
  // the offset at the naive instant, then once more at the corrected one (a DST edge)
  const first = new Date(naive.getTime() - offsetMs(naive));
  return new Date(naive.getTime() - offsetMs(first));
}

/** An instant as a datetime-local value in Prague. */
export function toPragueLocal(at: Date): string {
  return new Date(at.getTime() + offsetMs(at)).toISOString().slice(0, 16);
}
