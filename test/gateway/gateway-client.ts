import type { TestApi } from '../support/api.js';
import type { TestResponse } from '../support/http.js';

/** The customer's browser without a browser: opens the gateway page and submits its forms. */
export class GatewayClient {
  cookie = '';

  constructor(private readonly t: TestApi, private readonly gatewayUrl: string) {}

  get path(): string {
    return new URL(this.gatewayUrl).pathname;
  }

  async open(): Promise<TestResponse> {
    const res = await this.t.client.get(this.path, { headers: { Accept: 'text/html' } });
    const set = res.headers['set-cookie']?.[0];
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }

  /** Submits the page's confirm or decline form as a browser would (cookie, Origin). */
  async submit(action: 'confirm' | 'decline', page?: string): Promise<TestResponse> {
    const opened = page === undefined ? await this.open() : undefined;
    const html = page ?? opened!.text;
    const m = new RegExp(`action="([^"]*/${action}\\?csrf=[^"]+)"`).exec(html);
    if (!m) {
      // what the customer saw instead, so that a failure says why (an expired link, a 503)
      const text = html.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300);
      throw new Error(`no ${action} form on the page${opened ? ` (${opened.status})` : ''}: ${text}`);
    }
    return this.t.client.post(m[1]!.replace(/&amp;/g, '&'), undefined, { headers: { Cookie: this.cookie, Origin: this.t.baseUrl, Accept: 'text/html' } });
  }
}
