import type { TestApi } from '../support/api.js';
import type { TestResponse } from '../support/http.js';

/** The customer's browser without a browser: opens the gateway page and submits its forms, keeping its cookies. */
export class GatewayClient {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly t: TestApi,
    private readonly gatewayUrl: string,
  ) {}

  get path(): string {
    return new URL(this.gatewayUrl).pathname;
  }

  /** The Cookie header this browser sends. */
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: TestResponse): TestResponse {
    for (const set of res.headers['set-cookie'] ?? []) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(set)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  async open(): Promise<TestResponse> {
    return this.keep(await this.t.client.get(this.path, { headers: { Accept: 'text/html', ...(this.jar.size ? { Cookie: this.cookie } : {}) } }));
  }

  /** Submits the page's confirm or decline form as a browser would (cookie, Origin). */
  async submit(action: 'confirm' | 'decline', page?: string): Promise<TestResponse> {
    const opened = page === undefined ? await this.open() : undefined;
    const html = page ?? opened!.text;
    const m = new RegExp(`action="([^"]*/${action}\\?csrf=[^"]+)"`).exec(html);
    if (!m) {
      // what the customer saw instead, so that a failure says why (an expired link, a 503)
      const text = html
        .replace(/<style[\s\S]*?<\/style>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 300);
      throw new Error(`no ${action} form on the page${opened ? ` (${opened.status})` : ''}: ${text}`);
    }
    return this.keep(
      await this.t.client.post(m[1]!.replace(/&amp;/g, '&'), undefined, { headers: { Cookie: this.cookie, Origin: this.t.baseUrl, Accept: 'text/html' } }),
    );
  }

  /**
   * What a customer does on the gateway's "busy, try again" page (503 with Retry-After, when
   * the store did not answer in time): waits as told, opens the page again and submits once
   * more, at most twice. For set-up steps of tests about something else; every such retry
   * is printed, so a store that stalls still shows in the run's output.
   */
  async submitAsCustomer(action: 'confirm' | 'decline'): Promise<TestResponse> {
    let res = await this.submit(action);
    for (let retry = 1; res.status === 503 && retry <= 2; retry++) {
      const wait = Number(res.headers['retry-after'] ?? 1);
      process.stderr.write(`[gateway-client] ${action} answered 503 (the store did not answer in time); retrying after ${wait} s as the page asks\n`);
      await new Promise((r) => setTimeout(r, wait * 1000));
      const page = await this.open();
      // the first submit may have been applied before its answer was lost: the page then
      // shows where the application is, without the form
      if (page.status !== 200 || !page.text.includes(`/${action}?csrf=`)) return page;
      res = await this.submit(action, page.text);
    }
    return res;
  }
}
