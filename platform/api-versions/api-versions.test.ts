import { expect } from 'chai';
import { ApiVersions, type VersionChange } from './api-versions.js';

const change = (version: string, tag: string): VersionChange => ({
  version,
  changes: [`${tag} added`],
  responses: { getThing: (b) => ({ ...(b as object), undone: [...((b as { undone?: string[] }).undone ?? []), tag] }) },
  notifications: { THING: (b) => ({ ...(b as object), [`no${tag}`]: true }) },
});

describe('API versions: answers for an older version undo each change since, newest first', () => {
  const versions = new ApiVersions('2020-01-01', [change('2021-01-01', 'a'), change('2022-01-01', 'b')]);

  it('when the current version is asked, then the body is as the service made it', () => {
    expect(versions.current).to.equal('2022-01-01');
    expect(versions.response('2022-01-01', 'getThing', 200, { x: 1 })).to.deep.equal({ x: 1 });
  });

  it('when an older version is asked, then the later changes are undone newest first; an operation no change names passes', () => {
    expect(versions.response('2021-01-01', 'getThing', 200, { x: 1 })).to.deep.equal({ x: 1, undone: ['b'] });
    expect(versions.response('2020-01-01', 'getThing', 200, { x: 1 })).to.deep.equal({ x: 1, undone: ['b', 'a'] });
    expect(versions.response('2020-01-01', 'other', 200, { x: 1 })).to.deep.equal({ x: 1 });
    expect(versions.notification('2020-01-01', 'THING', { x: 1 })).to.deep.equal({ x: 1, nob: true, noa: true });
  });

  it('when a version is not one of the list, then it is unknown', () => {
    expect(versions.known('2021-01-01')).to.equal(true);
    expect(versions.known('2021-01-02')).to.equal(false);
    expect(() => new ApiVersions('2020-01-01', [change('2022-01-01', 'b'), change('2021-01-01', 'a')])).to.throw(/ascending/);
  });
});
