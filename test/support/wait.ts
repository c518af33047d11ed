/**
 * Waits on a signal, not a sleep (a test never sleeps for time to pass): polls `probe` until it returns a value other than
 * undefined/false, and fails fast with `what` when `maxWait` passes.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  opts: { maxWait?: number; interval?: number } = {},
): Promise<T> {
  const maxWait = opts.maxWait ?? 10_000;
  const interval = opts.interval ?? 50;
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v as T;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() - started > maxWait) {
      const why = lastError ? ` (last error: ${(lastError as Error).message})` : '';
      throw new Error(`timed out after ${maxWait} ms waiting for ${what}${why}`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}
