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

/**
 * The one documented exception (docs/architecture.md, "Configuration by owner"): the standard
 * OTEL_* variables belong to the OpenTelemetry SDK, which reads them itself;
 * platform/tracing-sdk.ts only looks whether an endpoint is set before loading it.
 */
const OTEL_SDK = 'platform/tracing-sdk.ts';

describe('configuration has one reader', () => {
  it('when the shipped code is read, then only platform/config.ts names process.env (a command reads its settings as the services do), and the OpenTelemetry SDK its OTEL_* variables', () => {
    expect(environmentReaders(ROOT)).to.deep.equal(['platform/config.ts', OTEL_SDK]);
  });

  it('when the SDK starter names process.env, then only for OTEL_* variables', () => {
    const named = [...readFileSync(join(ROOT, OTEL_SDK), 'utf8').matchAll(/\benv(?:\.|\[')([A-Z_]+)/g)].map((m) => m[1]!);
    expect(named).to.not.be.empty;
    expect(named.filter((n) => !n.startsWith('OTEL_'))).to.deep.equal([]);
  });
});
