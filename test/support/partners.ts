import { randomBytes } from 'node:crypto';
import type { Config } from '../../config/index.js';
import type { TestClient } from './http.js';
import type { TestApi } from './api.js';
import { partnersCliJson } from './partners-cli.js';
import type { PartnerView, PayoutTrigger } from '../../modules/auth/index.js';

export interface TestPartner extends PartnerView {
  password: string;
  token: string;
}

/**
 * Provisions a partner through the auth module (as the CLI does) and logs it in over HTTPS.
 * Each call makes a new partner with a random username.
 */
export async function provisionPartner(t: TestApi, opts: { payoutTrigger?: PayoutTrigger; feeBps?: number; apiVersion?: string } = {}): Promise<TestPartner> {
  const username = `shop-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const view = await t.api.modules.auth.service.createPartner({ username, password, ...opts });
  const res = await t.client.post('/authentication/v1/partner', { username, password });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.text}`);
  return { ...view, password, token: res.body.accessToken };
}

/**
 * Provisions a partner as an operator does, with the partners CLI as its own process
 * against the database of `config`, and logs it in through `client` (for an API that
 * runs as a child process, whose auth module the test cannot reach).
 */
export async function provisionPartnerByCli(config: Config, client: TestClient, createArgs: string[] = []): Promise<TestPartner> {
  const username = `shop-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const view: PartnerView = await partnersCliJson(config, ['create', '--username', username, '--password-stdin', ...createArgs], { stdin: `${password}\n` });
  const res = await client.post('/authentication/v1/partner', { username, password });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.text}`);
  return { ...view, password, token: res.body.accessToken };
}
