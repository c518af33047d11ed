import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/**
 * The TypeScript client's type tests (clients/typescript/type-tests): each mistake a shop
 * could make there (a quantity in words, an unknown field, an item type or error code that
 * does not exist) carries `@ts-expect-error`, so tsc fails both when a mistake compiles and
 * when anything else does not.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe("the TypeScript client's types", function () {
  this.timeout(120_000);
  it('when the type tests are compiled, then every mistake in them fails to compile and nothing else does', () => {
    const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
    const res = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'clients/typescript/type-tests'], { cwd: ROOT, encoding: 'utf8', timeout: 110_000 });
    expect(res.status, `${res.stdout}${res.stderr}`).to.equal(0);
  });
});
