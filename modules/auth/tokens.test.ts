import { expect } from 'chai';
import { ManualClock } from '../../platform/clock.js';
import { InMemoryAuthRepository } from './auth.repository.fake.js';
import { rotateSigningKey, TOKEN_TTL_SECONDS, TokenService } from './tokens.js';

describe('tokens: issue, verify, expiry on the clock, signing-key rotation', () => {
  let repo: InMemoryAuthRepository;
  let clock: ManualClock;
  let tokens: TokenService;
  beforeEach(async () => {
    repo = new InMemoryAuthRepository();
    clock = new ManualClock();
    tokens = new TokenService(repo, clock);
    await tokens.init();
  });

  it('when the store has no key, then init creates the bootstrap key once, and a second instance reuses it', async () => {
    expect([...repo.keys.keys()]).to.deep.equal(['k1']);
    await new TokenService(repo, clock).init();
    expect([...repo.keys.keys()]).to.deep.equal(['k1']);
    expect(tokens.signingKid).to.equal('k1');
  });

  it('when a token is issued, then it verifies to the same claims, with the lifetime counted from the clock', async () => {
    const { token, claims } = await tokens.issue('p-1', 3);
    expect(claims.issuedAt).to.deep.equal(clock.now());
    expect(claims.expiresAt.getTime() - clock.now().getTime()).to.equal(TOKEN_TTL_SECONDS * 1000);
    expect(await tokens.verify(token)).to.deep.equal(claims);
  });

  it('when the clock passes the expiry, then the token is refused as expired, even after it verified once', async () => {
    const { token } = await tokens.issue('p-1', 0);
    await tokens.verify(token);
    await clock.advance(TOKEN_TTL_SECONDS * 1000 - 1000);
    expect((await tokens.verify(token)).partnerId).to.equal('p-1');
    await clock.advance(1000);
    await tokens.verify(token).then(
      () => expect.fail('verified'),
      (err) => expect(err.message).to.match(/expired/),
    );
  });

  it('when a token is tampered with or junk, then it is invalid', async () => {
    const { token } = await tokens.issue('p-1', 0);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'p-2' })).toString('base64url')}.${s}`;
    for (const bad of [forged, 'x'.repeat(40), 'a'.repeat(3000)]) {
      await tokens.verify(bad).then(
        () => expect.fail('verified'),
        (err) => expect(err.message).to.equal('The access token is invalid.'),
      );
    }
  });

  it('when the signing key is rotated, then new tokens carry the new kid and old ones keep verifying', async () => {
    const old = await tokens.issue('p-1', 0);
    const { kid, retired } = await rotateSigningKey(repo, clock.now());
    expect(retired).to.deep.equal(['k1']);
    await tokens.reload(); // what the next login does once the instance's copy is older than refreshMs
    const fresh = await tokens.issue('p-1', 0);
    expect(JSON.parse(Buffer.from(fresh.token.split('.')[0]!, 'base64url').toString()).kid).to.equal(kid);
    expect((await tokens.verify(old.token)).jti).to.equal(old.claims.jti);
    expect((await new TokenService(repo, clock).verify(fresh.token)).jti).to.equal(fresh.claims.jti);
  });

  it('when the status of the signing key is asked, then its kid and creation time, and after a rotation elsewhere the new key at once; never its secret', async () => {
    const start = clock.now();
    expect(await tokens.signingKeyStatus()).to.deep.equal({ kid: 'k1', since: start });
    await clock.advance(60_000);
    const { kid } = await rotateSigningKey(repo, clock.now());
    const status = await tokens.signingKeyStatus();
    expect(status).to.deep.equal({ kid, since: clock.now() });
    expect(tokens.signingKid).to.equal('k1'); // this instance's copy is not refreshed yet
  });

  it('when a retired key is older than any token it signed, then the next rotation prunes it', async () => {
    await rotateSigningKey(repo, clock.now());
    await clock.advance((TOKEN_TTL_SECONDS + 61) * 1000);
    const { pruned } = await rotateSigningKey(repo, clock.now());
    expect(pruned).to.deep.equal(['k1']);
    expect(repo.keys.has('k1')).to.equal(false);
    expect([...repo.keys.values()].filter((k) => k.active)).to.have.length(1);
  });
});
