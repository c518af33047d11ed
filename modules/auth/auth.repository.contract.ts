import { expect } from 'chai';
import type { AuthRepository, SigningKeyDoc } from './auth.repository.js';
import type { PartnerDoc } from './partner.model.js';

/**
 * What every AuthRepository must do, run against the in-memory fake (unit tests) and
 * against the store (test/auth/repository-contract.spec.ts): the fake the login and token
 * tests rely on stays true to the real thing. `make` gives an empty repository.
 */
export function authRepositoryContract(make: () => Promise<AuthRepository>): void {
  const t0 = new Date('2030-01-01T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  const partner = (id: string, username: string, over: Partial<PartnerDoc> = {}): PartnerDoc => ({
    _id: id,
    username,
    passwordHash: 'h',
    payoutTrigger: 'DELIVERED',
    feeBps: 0,
    webhookSecrets: [{ secret: `whsec_${id}`, createdAt: t0 }],
    enabled: true,
    tokenGeneration: 0,
    createdAt: t0,
    updatedAt: t0,
    ...over,
  });
  const key = (kid: string, createdAt = t0): SigningKeyDoc => ({ _id: kid, alg: 'HS256', secret: 's', createdAt, active: true });
  let repo: AuthRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('when a partner is inserted, then it reads back by id and by username, and exists', async () => {
    expect(await repo.insertPartner(partner('p1', 'alice'))).to.equal(true);
    expect((await repo.findById('p1'))!.username).to.equal('alice');
    expect((await repo.findByUsername('alice'))!._id).to.equal('p1');
    expect(await repo.exists('p1')).to.equal(true);
    expect(await repo.exists('p2')).to.equal(false);
    expect(await repo.findByUsername('bob')).to.equal(null);
  });

  it('when the username or the id is taken, then the insert is refused and the first partner stays', async () => {
    await repo.insertPartner(partner('p1', 'alice'));
    expect(await repo.insertPartner(partner('p2', 'alice'))).to.equal(false);
    expect(await repo.insertPartner(partner('p1', 'bob'))).to.equal(false);
    expect((await repo.findByUsername('alice'))!._id).to.equal('p1');
    expect(await repo.findByUsername('bob')).to.equal(null);
  });

  it('when partners are listed, then they come by username', async () => {
    for (const [id, name] of [
      ['p1', 'carol'],
      ['p2', 'alice'],
      ['p3', 'bob'],
    ] as const)
      await repo.insertPartner(partner(id, name));
    expect((await repo.listByUsername()).map((p) => p.username)).to.deep.equal(['alice', 'bob', 'carol']);
  });

  it('when a partner is changed, then the fields are set, the generation bumped only when asked, and updatedAt stamped', async () => {
    await repo.insertPartner(partner('p1', 'alice'));
    const off = (await repo.changePartner('alice', { set: { enabled: false }, bumpTokenGeneration: true, at: at(1) }))!;
    expect([off.enabled, off.tokenGeneration, off.updatedAt]).to.deep.equal([false, 1, at(1)]);
    const on = (await repo.changePartner('alice', { set: { enabled: true }, at: at(2) }))!;
    expect([on.enabled, on.tokenGeneration, on.updatedAt]).to.deep.equal([true, 1, at(2)]);
    expect((await repo.findById('p1'))!.updatedAt).to.deep.equal(at(2));
    expect(await repo.changePartner('nobody', { at: at(3) })).to.equal(null);
  });

  it("when every token is revoked, then each partner's generation is bumped and the count told", async () => {
    await repo.insertPartner(partner('p1', 'alice'));
    await repo.insertPartner(partner('p2', 'bob', { tokenGeneration: 4 }));
    expect(await repo.revokeAllTokens(at(1))).to.equal(2);
    expect((await repo.findById('p1'))!.tokenGeneration).to.equal(1);
    expect((await repo.findById('p2'))!.tokenGeneration).to.equal(5);
  });

  it('when webhook secrets are replaced, then only an unchanged partner takes them', async () => {
    await repo.insertPartner(partner('p1', 'alice'));
    const secrets = [
      { secret: 'whsec_new', createdAt: at(1) },
      { secret: 'whsec_p1', createdAt: t0, expiresAt: at(100) },
    ];
    expect(await repo.replaceWebhookSecrets('p1', at(-1), secrets, at(1))).to.equal(null);
    const after = (await repo.replaceWebhookSecrets('p1', t0, secrets, at(1)))!;
    expect(after.webhookSecrets).to.deep.equal(secrets);
    expect(after.updatedAt).to.deep.equal(at(1));
    expect(await repo.replaceWebhookSecrets('p1', t0, [], at(2))).to.equal(null);
  });

  it('when a token is revoked, then it is kept with its expiry and the dropped revocations go', async () => {
    await repo.insertPartner(partner('p1', 'alice', { revokedTokens: { old: at(-10), live: at(50) } }));
    await repo.recordRevokedToken('p1', { jti: 'j1', until: at(100), drop: ['old'], at: at(1) });
    const p = (await repo.findById('p1'))!;
    expect(p.revokedTokens).to.deep.equal({ live: at(50), j1: at(100) });
    expect(p.updatedAt).to.deep.equal(at(1));
  });

  it('when signing keys are inserted, retired and deleted, then the list shows it and a taken kid is refused', async () => {
    expect(await repo.insertSigningKey(key('k1'))).to.equal(true);
    expect(await repo.insertSigningKey(key('k1', at(1)))).to.equal(false);
    await repo.insertSigningKey(key('k2', at(1)));
    await repo.retireSigningKey('k1', at(2));
    const byKid = Object.fromEntries((await repo.signingKeys()).map((k) => [k._id, k]));
    expect([byKid.k1!.active, byKid.k1!.retiredAt, byKid.k1!.createdAt]).to.deep.equal([false, at(2), t0]);
    expect([byKid.k2!.active, byKid.k2!.retiredAt]).to.deep.equal([true, undefined]);
    await repo.deleteSigningKey('k1');
    expect((await repo.signingKeys()).map((k) => k._id)).to.deep.equal(['k2']);
  });
}
