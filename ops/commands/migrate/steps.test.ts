import { expect } from 'chai';
import { ALL_MIGRATIONS } from './steps.js';
import { API_MIGRATIONS } from '../../../api/migrations.js';
import { RELAY_MIGRATIONS } from '../../../relay/migrations.js';

describe('ops migrate: the steps it applies', () => {
  const ids = ALL_MIGRATIONS.map((m) => m.id);

  it('covers every step the API and the relay wait for, in the same relative order', () => {
    for (const list of [API_MIGRATIONS, RELAY_MIGRATIONS]) {
      const needed = list.map((m) => m.id);
      expect(ids.filter((id) => needed.includes(id))).to.deep.equal(needed);
    }
  });

  it('declares each id once, named <owner>-<nnnn>-<what>', () => {
    expect(new Set(ids).size).to.equal(ids.length);
    for (const id of ids) expect(id).to.match(/^[a-z]+-\d{4}-[a-z0-9-]+$/);
  });
});
