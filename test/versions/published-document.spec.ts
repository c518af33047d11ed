import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../support/api.js';
import { PUBLISHED_API_VERSION } from '../../versions/index.js';
import { oasdiffBinary } from '../support/oasdiff.js';

const run = promisify(execFile);

/**
 * Our document for the published version, generated from the same route definitions as
 * the current one, against the published 1.0 document itself (PF_PUBLISHED_OPENAPI: it is
 * not ours to copy into this repository): oasdiff finds no breaking difference in either
 * direction for the operations both have, so an SDK generated from either works with us.
 */
describe('the published version\'s document against the published 1.0 document (oasdiff)', function () {
  this.timeout(180_000);
  const published = process.env.PF_PUBLISHED_OPENAPI;
  let t: TestApi;
  let ours: string;
  let tool: string;

  before(async function () {
    if (!published || !existsSync(published)) {
      if (process.env.CI === 'true') throw new Error('PF_PUBLISHED_OPENAPI must name the published 1.0 document in CI');
      this.skip();
    }
    tool = await oasdiffBinary();
    t = await startTestApi();
    const res = await t.client.get(`/openapi.json?version=${PUBLISHED_API_VERSION}`);
    expect(res.status).to.equal(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'pf-oas-'));
    ours = path.join(dir, 'ours.json');
    await writeFile(ours, JSON.stringify(res.body));
  });
  after(async () => { await t?.stop(); });

  const breaking = async (base: string, revision: string) => {
    const { stdout } = await run(tool, ['breaking', base, revision, '--format', 'json', '--match-path', '^/(v1|authentication|financing)/'], { maxBuffer: 32 * 2 ** 20 }).catch((e) => e);
    const found = JSON.parse(stdout || '[]') as Array<{ id: string; text: string; operation: string; path: string; level: number }>;
    return found.filter((c) => c.level >= 3).map((c) => `${c.operation} ${c.path}: ${c.id}: ${c.text}`);
  };

  it('when a client of the published document calls us (published → ours), then nothing it relies on breaks', async () => {
    expect(await breaking(published!, ours)).to.deep.equal([]);
  });

  it('when a client generated from ours talks to a server of the published document (ours → published), then nothing breaks either', async () => {
    expect(await breaking(ours, published!)).to.deep.equal([]);
  });
});
