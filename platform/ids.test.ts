import { expect } from 'chai';
import { validate, version } from 'uuid';
import { derivedId, newId, newSecretToken } from './ids.js';

describe('ids', () => {
  it('when many ids are made at once (several random-pool refills, many per millisecond), then each is a valid UUIDv7, unique, and greater than the one before', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) {
      expect(validate(id), id).to.equal(true);
      expect(version(id), id).to.equal(7);
    }
    expect(new Set(ids).size).to.equal(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!, `${ids[i - 1]} < ${ids[i]}`).to.equal(true);
  });

  it('when ids are made in different milliseconds, then their leading 48 bits are the clock', async () => {
    const before = Date.now();
    const id = newId();
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).to.be.within(before, Date.now());
  });

  it('when secret tokens are made, then they carry 256 bits in base64url and never repeat', () => {
    const tokens = Array.from({ length: 100 }, () => newSecretToken());
    expect(new Set(tokens).size).to.equal(100);
    for (const t of tokens) expect(t).to.match(/^[A-Za-z0-9_-]{43}$/);
  });

  it('when an id is derived twice from the same parts, then it is the same valid UUIDv7 whose leading 48 bits are the given time', () => {
    const at = new Date('2026-11-29T02:00:00.123Z');
    const a = derivedId(at, 'event', 'app-1', 3, 'application.state.changed');
    expect(derivedId(at.getTime(), 'event', 'app-1', 3, 'application.state.changed')).to.equal(a);
    expect(validate(a), a).to.equal(true);
    expect(version(a)).to.equal(7);
    expect(parseInt(a.replace(/-/g, '').slice(0, 12), 16)).to.equal(at.getTime());
  });

  it('when any part, the kind or the time differs, then the derived id differs', () => {
    const at = new Date(1_700_000_000_000);
    const ids = [
      derivedId(at, 'event', 'a', 1),
      derivedId(at, 'event', 'a', 2),
      derivedId(at, 'event', 'b', 1),
      derivedId(at, 'notification', 'a', 1),
      derivedId(at.getTime() + 1, 'event', 'a', 1),
      derivedId(at, 'event', 'a1'),
    ];
    expect(new Set(ids).size).to.equal(ids.length);
  });
});
