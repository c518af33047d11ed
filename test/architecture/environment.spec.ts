import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The code that ships: the three composition roots, their configuration, the modules, the kernel, the versions. */
const SHIPPED = ['api', 'config', 'modules', 'ops', 'platform', 'relay', 'versions'];

/** The shipped files (tests aside) that name process.env, under `root`. */
function environmentReaders(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && readFileSync(full, 'utf8').includes('process.env')) found.push(relative(root, full));
    }
  };
  for (const d of SHIPPED) walk(join(root, d));
  return found.sort();
}

describe('configuration has one reader', () => {
  it('when the shipped code is read, then only platform/config.ts names process.env (a command reads its settings as the services do)', () => {
    expect(environmentReaders(ROOT)).to.deep.equal(['platform/config.ts']);
  });
});
