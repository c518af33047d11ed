import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { masterKeyId, readMasterKey, SEALED_PREFIX, SecretBox, SecretBoxError } from './secret-box.js';

describe('secrets at rest: the envelope (AES-256-GCM data key under a master key)', () => {
  const a = randomBytes(32);
  const b = randomBytes(32);

  it('when a secret is sealed, then the stored value holds neither it nor the data key in the clear, names its master key, and opens to it again', () => {
    const box = new SecretBox({ current: a, previous: [] });
    const sealed = box.seal('whsec_c2VjcmV0', 'partners/p-1/webhook-secret');
    expect(sealed.startsWith(`${SEALED_PREFIX}${masterKeyId(a)}:`)).to.equal(true);
    expect(sealed).to.not.include('whsec_');
    expect(box.open(sealed, 'partners/p-1/webhook-secret')).to.equal('whsec_c2VjcmV0');
    expect(box.seal('x', 'c'), 'a fresh data key and IV every time').to.not.equal(box.seal('x', 'c'));
  });

  it('when a sealed value is moved to another record, changed, or read under an unknown master key, then it does not open, and the error names the setting', () => {
    const box = new SecretBox({ current: a, previous: [] });
    const sealed = box.seal('whsec_c2VjcmV0', 'partners/p-1/webhook-secret');
    expect(() => box.open(sealed, 'partners/p-2/webhook-secret')).to.throw(SecretBoxError, /changed or moved/);
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    expect(() => box.open(flipped, 'partners/p-1/webhook-secret')).to.throw(SecretBoxError);
    expect(() => new SecretBox({ current: b, previous: [] }).open(sealed, 'partners/p-1/webhook-secret')).to.throw(SecretBoxError, /MASTER_KEY_FILE/);
  });

  it('when the master key is rotated, then values under the previous key still open, are not current, and seal again under the new one', () => {
    const old = new SecretBox({ current: a, previous: [] }).seal('k', 'auth_signing_keys/k1');
    const box = new SecretBox({ current: b, previous: [a] });
    expect(box.open(old, 'auth_signing_keys/k1')).to.equal('k');
    expect(box.isCurrent(old)).to.equal(false);
    expect(box.isCurrent(box.seal('k', 'auth_signing_keys/k1'))).to.equal(true);
    expect(box.open('whsec_plain', 'x'), 'a value written before encryption passes through').to.equal('whsec_plain');
  });

  it('when a key file holds raw bytes, base64 or hex, then it is read; anything else is refused naming the setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-keys-'));
    const key = randomBytes(32);
    for (const [name, content] of [
      ['raw', key],
      ['b64', `${key.toString('base64')}\n`],
      ['hex', key.toString('hex')],
    ] as const) {
      writeFileSync(join(dir, name), content);
      expect(readMasterKey(join(dir, name), 'MASTER_KEY_FILE').equals(key), name).to.equal(true);
    }
    writeFileSync(join(dir, 'short'), 'too short');
    expect(() => readMasterKey(join(dir, 'short'), 'MASTER_KEY_FILE')).to.throw(SecretBoxError, /MASTER_KEY_FILE.*32-byte/);
    expect(() => readMasterKey(join(dir, 'missing'), 'MASTER_KEY_FILE')).to.throw(SecretBoxError, /MASTER_KEY_FILE: cannot read/);
  });
});
