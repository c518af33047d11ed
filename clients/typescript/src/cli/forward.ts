import { networkErrorCode } from '../errors.js';
import type { SignatureHeaders } from '../signing.js';

export interface ForwardResult {
  status: number;
  /** a 2xx whose JSON body says `"status": "OK"`: what the service's relay counts as delivered */
  acknowledged: boolean;
  /** the first 200 characters of the answer */
  excerpt: string;
  ms: number;
}

/** The forward got no answer at all (refused, reset, no answer in time): worth trying again. */
export class ForwardUnreachable extends Error {
  constructor(
    readonly target: string,
    readonly code: string | undefined,
    cause: unknown,
  ) {
    super(`${target} did not answer (${code ?? (cause instanceof Error ? cause.message : String(cause))})`, { cause });
  }
}

/**
 * One POST of a notification to the local endpoint, as the relay makes it: the exact body,
 * `content-type: application/json`, the Standard Webhooks headers, no redirect followed.
 */
export async function forward(target: URL, body: string, headers: SignatureHeaders, timeoutMs: number): Promise<ForwardResult> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'partner-financing-listen', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    throw new ForwardUnreachable(target.href, networkErrorCode(err), err);
  }
  return {
    status: res.status,
    acknowledged: res.ok && acknowledges(text),
    excerpt: text.slice(0, 200),
    ms: Math.round(performance.now() - started),
  };
}

function acknowledges(text: string): boolean {
  try {
    const body = JSON.parse(text) as { status?: unknown } | null;
    return body?.status === 'OK';
  } catch {
    return false;
  }
}
