import { randomBytes } from 'node:crypto';
import type { TestApi } from './api.js';
import type { PartnerView, PayoutTrigger } from '../../modules/auth/index.js';

export interface TestPartner extends PartnerView {
  password: string;
  token: string;
}

/**
 * Provisions a partner through the auth module (as the CLI does) and logs it in over HTTPS.
 * Each call makes a new partner with a random username.
 */
export async function provisionPartner(t: TestApi, opts: { payoutTrigger?: PayoutTrigger; feeBps?: number } = {}): Promise<TestPartner> {
  const username = `shop-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const view = await t.api.modules.auth.service.createPartner({ username, password, ...opts });
  const res = await t.client.post('/authentication/v1/partner', { username, password });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.text}`);
  return { ...view, password, token: res.body.accessToken };
}
