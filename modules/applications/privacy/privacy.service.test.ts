import { expect } from 'chai';
import { ManualClock } from '../../../platform/clock.js';
import type { ApplicationDoc } from '../application.model.js';
import type { CustomerAccountDoc, PrivacyRepository } from '../store/index.js';
import { ApplicationPrivacy } from './privacy.service.js';

const DAY = 86_400_000;
const QUIET = { info: () => {}, warn: () => {} };

/** The store's side in memory: what the service asks of PrivacyRepository, and a write that can crash. */
class Fake {
  apps = new Map<string, any>();
  accounts = new Map<string, CustomerAccountDoc>();
  contents = new Set<string>();
  crashNextWrite = false;
  async findById(id: string) {
    return structuredClone(this.apps.get(id) ?? null);
  }
  async writeAnonymised(id: string, version: number, set: Record<string, unknown>, unset: string[]) {
    if (this.crashNextWrite) {
      this.crashNextWrite = false;
      throw new Error('the store stopped answering');
    }
    const doc = this.apps.get(id);
    if (!doc || doc.version !== version) return false;
    const next = { ...doc, ...structuredClone(set), version: version + 1 };
    for (const k of unset) delete next[k];
    this.apps.set(id, next);
    return true;
  }
  async accountsOf(accountId: string, partnerIds: string[]) {
    return [accountId, ...partnerIds.map((p) => `partner:${p}:${accountId}`)].flatMap((k) =>
      this.accounts.has(k) ? [structuredClone(this.accounts.get(k)!)] : [],
    );
  }
  async countNotAnonymised(ids: string[]) {
    return ids.filter((id) => this.apps.has(id) && !this.apps.get(id).privacy).length;
  }
  async rekeyAccount(a: CustomerAccountDoc) {
    this.accounts.delete(a._id);
    this.accounts.set(`anonymised:${a.approvedApplicationIds.join(',')}:${a._id.startsWith('partner:')}`, { ...a, _id: 'x' });
    return 'x';
  }
  async removeUnreferencedContents(hashes: string[], except: string) {
    let n = 0;
    for (const h of hashes) {
      const used = [...this.apps.values()].some((d) => d._id !== except && d.order.documents.some((x: any) => x.sha256 === h));
      if (!used && this.contents.delete(h)) n++;
    }
    return n;
  }
}

function app(id: string, email: string, approved: boolean, hash: string): ApplicationDoc {
  return {
    _id: id,
    version: 1,
    partnerId: 'p-1',
    state: approved ? 'READY' : 'REJECTED',
    stateReason: approved ? 'READY_PAID' : 'REJECTED',
    customer: { fullName: 'Jana', email, phone: '+420777123456', addresses: [] },
    order: { documents: [{ type: 'INVOICE', filename: 'a.txt', mimeType: 'text/plain', size: 1, sha256: hash, addedAt: new Date(0) }] },
    ...(approved ? { decision: { outcome: 'APPROVED', rule: 'R', accountLevel: 'BASIC', decidedAt: new Date(0) } } : {}),
    updatedAt: new Date(0),
    createdAt: new Date(0),
    history: [],
  } as unknown as ApplicationDoc;
}

describe('anonymising with what goes with it', () => {
  const setup = () => {
    const repo = new Fake();
    repo.apps.set('a-1', app('a-1', 'Jana+x@Example.cz', true, 'h-shared'));
    repo.apps.set('a-2', app('a-2', 'jana@example.cz', true, 'h-shared'));
    repo.apps.set('a-3', app('a-3', 'jana@example.cz', false, 'h-own'));
    for (const key of ['jana@example.cz', 'partner:p-1:jana@example.cz']) {
      repo.accounts.set(key, { _id: key, level: 'BASIC', approvedApplicationIds: ['a-1', 'a-2'], createdAt: new Date(0), updatedAt: new Date(0) });
    }
    repo.contents = new Set(['h-shared', 'h-own']);
    const service = new ApplicationPrivacy(repo as unknown as PrivacyRepository, new ManualClock(0), { creditRecordsMs: DAY, notFinancedMs: DAY }, QUIET);
    return { repo, service };
  };

  it("when one of the customer's approved applications is anonymised, then the account stays keyed by the e-mail, and shared bytes stay; with the last, both go", async () => {
    const { repo, service } = setup();
    expect(await service.anonymise('a-1', 'test')).to.equal('ANONYMISED');
    expect([...repo.accounts.keys()]).to.include('jana@example.cz');
    expect(repo.contents.has('h-shared'), 'a-2 still needs the bytes').to.equal(true);
    expect(await service.anonymise('a-2', 'test')).to.equal('ANONYMISED');
    expect([...repo.accounts.keys()].filter((k) => k.includes('jana'))).to.deep.equal([]);
    expect(repo.contents.has('h-shared')).to.equal(false);
    expect(await service.anonymise('a-3', 'test')).to.equal('ANONYMISED');
    expect(repo.contents.size).to.equal(0);
    expect(await service.anonymise('a-3', 'test')).to.equal('ALREADY_ANONYMISED');
  });

  it('when the store fails at the anonymising write, then nothing is marked anonymised, and the next run does the whole of it', async () => {
    const { repo, service } = setup();
    await service.anonymise('a-1', 'test');
    repo.crashNextWrite = true;
    let failed = false;
    await service.anonymise('a-2', 'test').catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(repo.apps.get('a-2').privacy, 'not marked: the next run takes it').to.equal(undefined);
    expect(await service.anonymise('a-2', 'test')).to.equal('ANONYMISED');
    expect(JSON.stringify([...repo.accounts.keys()])).not.to.include('jana');
    expect(JSON.stringify(repo.apps.get('a-2'))).not.to.include('jana');
  });
});
