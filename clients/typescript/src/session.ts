import type { paths } from './generated/api.js';
import { FinancingApiError } from './errors.js';

type LoginBody = paths['/authentication/v1/partner']['post']['requestBody']['content']['application/json'];
type LoginAnswer = paths['/authentication/v1/partner']['post']['responses'][200]['content']['application/json'];

export const LOGIN_PATH = '/authentication/v1/partner';

/**
 * The partner's bearer token: obtained on first use, renewed `renewBeforeMs` before it
 * expires (so a call never leaves with a token that dies in flight), and on demand after a
 * 401 (a token revoked by the operator). Concurrent callers share one login.
 */
export class Session {
  private token?: { value: string; expiresAt: number };
  private pending?: Promise<string>;

  constructor(
    private readonly login: (body: LoginBody) => Promise<LoginAnswer>,
    private readonly credentials: LoginBody,
    private readonly renewBeforeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async bearer(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt - this.renewBeforeMs) return this.token.value;
    return this.renew();
  }

  /** Forgets the token (it was refused) and logs in again. */
  renew(): Promise<string> {
    this.token = undefined;
    this.pending ??= this.login(this.credentials)
      .then((answer) => {
        this.token = { value: answer.accessToken, expiresAt: this.now() + answer.expiresIn * 1000 };
        return answer.accessToken;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}

/** POST /authentication/v1/partner through `fetchFn` (which retries as for any call). */
export function loginWith(baseUrl: string, fetchFn: (req: Request) => Promise<Response>) {
  return async (body: LoginBody): Promise<LoginAnswer> => {
    const res = await fetchFn(
      new Request(new URL(LOGIN_PATH, baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    if (!res.ok) throw await FinancingApiError.from(res, 'POST', LOGIN_PATH);
    return (await res.json()) as LoginAnswer;
  };
}
