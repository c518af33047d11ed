import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SDK = fileURLToPath(new URL('./tracing-sdk.ts', import.meta.url));

/** Starts tracing in a fresh process with `env`; what it reports: enabled, and how many of the SDK's CommonJS modules got loaded. */
function startIn(env: Record<string, string>): { enabled: boolean; sdkModules: number } {
  const code = `
    import { createRequire } from 'node:module';
    const { startTracing } = await import(${JSON.stringify(SDK)});
    const t = await startTracing('probe');
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => /@grpc|protobufjs|@opentelemetry[\\\\/](sdk-|exporter-|otlp-)/.test(k));
    process.stdout.write(JSON.stringify({ enabled: t.enabled, sdkModules: loaded.length }));
    await t.shutdown();`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (res.status !== 0) throw new Error(`probe failed: ${res.stderr}`);
  return JSON.parse(res.stdout);
}

describe('the OpenTelemetry SDK is loaded only when an OTLP endpoint is set', function () {
  this.timeout(60_000);

  it('when no endpoint is set, then tracing is off and none of the SDK, its exporters or gRPC is loaded; with one, they are', () => {
    expect(startIn({})).to.deep.equal({ enabled: false, sdkModules: 0 });
    const on = startIn({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_BSP_EXPORT_TIMEOUT: '100' });
    expect(on.enabled).to.equal(true);
    expect(on.sdkModules, 'the probe sees the SDK when it is loaded').to.be.greaterThan(0);
  });
});
