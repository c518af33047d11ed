import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS, compiledEntry, serviceNodeArgs } from './node-flags.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

/** The launch lines of `entry` that cannot import node-flags.ts: the package scripts and the container's. */
function launchLines(entry: string): Record<string, string> {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  const service = entry.split('/')[0]!;
  const container = read('infra/docker-entrypoint.sh')
    .split('\n')
    .find((l) => l.trim().startsWith(`${service})`));
  return { [`package.json start:${service}`]: scripts[`start:${service}`] ?? '', 'infra/docker-entrypoint.sh': container ?? '' };
}

describe('service node flags', () => {
  for (const entry of ['api/main.ts', 'relay/main.ts']) {
    it(`when ${entry} is launched by a package script or the container, then it runs compiled JavaScript as node with every service flag`, () => {
      const js = entry.replace(/\.ts$/, '.js');
      const lines = launchLines(entry);
      expect(lines[`package.json start:${entry.split('/')[0]}`]).to.contain(`node ${SERVICE_NODE_FLAGS.join(' ')} ${compiledEntry(entry)}`);
      // the image holds the compiled tree at its root; a mounted checkout falls back to tsx
      expect(lines['infra/docker-entrypoint.sh']).to.contain(`node ${SERVICE_NODE_FLAGS.join(' ')} ${js}`);
      expect(lines['infra/docker-entrypoint.sh']).to.contain(`node ${SERVICE_NODE_FLAGS.join(' ')} --import tsx ${entry}`);
    });
  }

  it('when extra flags are given (a profiler), then they follow the service flags, so an explicit one overrides its default', () => {
    expect(serviceNodeArgs('api/main.ts', ['--max-semi-space-size=64'])).to.deep.equal([
      ...SERVICE_NODE_FLAGS,
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      'api/main.ts',
    ]);
  });

  it('when the entry is compiled JavaScript, then node runs it without tsx', () => {
    expect(serviceNodeArgs(compiledEntry('relay/main.ts'))).to.deep.equal([...SERVICE_NODE_FLAGS, 'dist/relay/main.js']);
  });
});
