import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { isRetriable } from '../../clients/typescript/src/retry.js';
import { ROOT } from './support/listen-support.js';

const START = /<!-- retry-table:start[^>]*-->\n/;
const END = '<!-- retry-table:end -->';

async function tableOf(file: string): Promise<string> {
  const text = await readFile(path.join(ROOT, file), 'utf8');
  const start = text.match(START);
  expect(start, `${file} has the retry table between its markers`).to.not.equal(null);
  const from = start!.index! + start![0].length;
  return text.slice(from, text.indexOf(END, from)).trim();
}

/**
 * One retry table, kept twice: in the client's README (what the client does) and in the
 * partner guide (what any caller should do). Both must be the same text, and every row
 * must say what the client's `isRetriable` decides.
 */
describe('the retry table of the client README and the partner guide', () => {
  it('when the two copies are compared, then they are the same table', async () => {
    expect(await tableOf('docs/partner-guide.md')).to.equal(await tableOf('clients/typescript/README.md'));
  });

  it('when each row is asked of the client, then it repeats exactly the answers the table says to repeat', async () => {
    const rows = (await tableOf('clients/typescript/README.md'))
      .split('\n')
      .slice(2)
      .map((line) =>
        line
          .split('|')
          .map((c) => c.trim())
          .slice(1, -1),
      );
    let checked = 0;
    for (const [answer, repeat] of rows) {
      const statuses = [...answer!.matchAll(/\b([1-5]\d\d)\b/g)].map((m) => Number(m[1]));
      const codes = [...answer!.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!);
      if (statuses.length === 0 || statuses.includes(401)) continue; // no answer at all; the login renewal: not isRetriable's
      const yes = repeat!.startsWith('yes');
      expect(yes || repeat!.startsWith('no'), `the row of ${answer} says yes or no`).to.equal(true);
      for (const status of statuses) {
        for (const code of codes.length ? codes : [undefined]) {
          expect(isRetriable(status, code), `${status} ${code ?? ''}: the table says ${yes ? 'repeat' : 'do not repeat'}`).to.equal(yes);
          checked += 1;
        }
      }
    }
    expect(checked).to.be.greaterThan(10);
  });
});
