const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "500ms", "30s", "5m", "24h", "365d" → milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

export function parseDurationList(text: string): number[] {
  return text.split(',').map(parseDuration);
}
