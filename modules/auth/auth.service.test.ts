import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { createLogger } from '../../platform/logger.js';
import { InMemoryAuthRepository } from './auth.repository.fake.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PartnerAdmin } from './partner-admin.js';
import { PartnerCache } from './partner-cache.js';
import { TOKEN_TTL_SECONDS, TokenService } from './tokens.js';
import { InMemoryWindowCounters } from './window-counters.fake.js';

const PASSWORD = 'correct horse battery staple';

async function world() {
  const repo = new InMemoryAuthRepository();
  const clock = new ManualClock();
  const tokens = new TokenService(repo, clock);
  await tokens.init();
  const cache = new PartnerCache((id) => repo.findById(id), 0);
  const throttle = new LoginThrottle(new InMemoryWindowCounters(), { maxPerPair: 10, maxPerUsername: 100, maxPerClient: 50, windowMs: 900_000 });
  const admin = new PartnerAdmin(repo, clock, cache);
  const logger = createLogger({ level: 'silent', name: 'auth-test' });
  const service = new AuthService({ repo, tokens, cache, throttle, admin, logger, clock });
  const partner = await admin.create({ username: 'shop-1', password: PASSWORD });
  return { repo, clock, admin, service, partner };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('accepted'),
    (err) => err as { code?: string; message: string },
  );

describe('auth use cases on the in-memory repository: login, bearer check, revocation', () => {
  it('when the partner logs in, then its token stands for it until the clock passes the token lifetime', async () => {
    const { clock, service, partner } = await world();
    const { accessToken, expiresIn } = await service.login('shop-1', PASSWORD, '192.0.2.1');
    expect(expiresIn).to.equal(TOKEN_TTL_SECONDS);
    expect((await service.authenticate(accessToken)).id).to.equal(partner.id);
    await clock.advance(TOKEN_TTL_SECONDS * 1000);
    expect((await refusal(service.authenticate(accessToken))).message).to.match(/expired/);
  });

  it('when the password or the username is wrong, or the partner is disabled, then the login is refused alike', async () => {
    const { admin, service } = await world();
    const wrong = await refusal(service.login('shop-1', 'not the password', '192.0.2.1'));
    const unknown = await refusal(service.login('nobody', PASSWORD, '192.0.2.1'));
    await admin.disable('shop-1');
    const disabled = await refusal(service.login('shop-1', PASSWORD, '192.0.2.1'));
    expect([wrong.code, unknown.code, disabled.code]).to.deep.equal(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS']);
  });

  it('when the partner is disabled or its password rotated, then the tokens it held are revoked', async () => {
    const { admin, service } = await world();
    const first = (await service.login('shop-1', PASSWORD, '192.0.2.1')).accessToken;
    await admin.rotatePassword('shop-1', 'another long passphrase');
    expect((await refusal(service.authenticate(first))).message).to.match(/revoked/);
    const second = (await service.login('shop-1', 'another long passphrase', '192.0.2.1')).accessToken;
    await admin.disable('shop-1');
    expect((await refusal(service.authenticate(second))).message).to.match(/revoked/);
  });

  it('when one token is revoked, then only that one is refused, and expired revocations are dropped from the partner', async () => {
    const { repo, clock, service, partner } = await world();
    const leaked = (await service.login('shop-1', PASSWORD, '192.0.2.1')).accessToken;
    expect(await service.revokeToken(leaked)).to.include({ partnerId: partner.id });
    expect((await refusal(service.authenticate(leaked))).message).to.match(/revoked/);
    await clock.advance(TOKEN_TTL_SECONDS * 1000);
    const kept = (await service.login('shop-1', PASSWORD, '192.0.2.1')).accessToken;
    expect((await service.authenticate(kept)).id).to.equal(partner.id);
    await service.revokeToken(kept);
    expect(Object.keys((await repo.findById(partner.id))!.revokedTokens!)).to.have.length(1);
    expect(await service.revokeToken('x'.repeat(40))).to.equal(undefined);
  });

  it('when the username is taken, then creating a partner is refused with USERNAME_TAKEN', async () => {
    const { admin } = await world();
    expect((await refusal(admin.create({ username: 'shop-1', password: PASSWORD }))).code).to.equal('USERNAME_TAKEN');
  });

  it('when the webhook secret is rotated, then the old one keeps signing until the grace ends on the clock', async () => {
    const { clock, admin, partner } = await world();
    const rotated = await admin.rotateWebhookSecret('shop-1', 60_000);
    expect(rotated.webhookSecret).not.to.equal(partner.webhookSecret);
    expect((await admin.get('shop-1')).webhookSecrets).to.equal(2);
    await clock.advance(60_000);
    expect((await admin.get('shop-1')).webhookSecrets).to.equal(1);
  });

  it("when the webhook secrets' status is asked, then when the current one was made and, through a rotation's overlap, until when the previous one signs", async () => {
    const { clock, admin, service, partner } = await world();
    const made = clock.now();
    expect(await service.webhookSecretStatus(partner.id)).to.deep.equal({ currentSince: made, live: 1 });
    await clock.advance(1_000);
    await admin.rotateWebhookSecret('shop-1', 60_000);
    const rotatedAt = clock.now();
    expect(await service.webhookSecretStatus(partner.id)).to.deep.equal({
      currentSince: rotatedAt,
      live: 2,
      previousValidUntil: new Date(rotatedAt.getTime() + 60_000),
    });
    await clock.advance(60_000);
    expect(await service.webhookSecretStatus(partner.id)).to.deep.equal({ currentSince: rotatedAt, live: 1 });
    expect(await service.webhookSecretStatus('nobody')).to.equal(undefined);
  });
});
