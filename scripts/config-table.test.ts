import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { configTable, readmeTable } from './config-table.js';

describe('README configuration table', () => {
  it('when the config schema changes, then the README table must be regenerated (npm run -s config:table -- --write)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readmeTable(readme)).to.equal(configTable());
  });
});
