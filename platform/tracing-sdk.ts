/**
 * Starts the OpenTelemetry SDK for a process, configured by the standard OTEL_* variables
 * only (endpoint, protocol http/protobuf or http/json, service name, sampler and its
 * argument, resource attributes). With no OTLP endpoint set (or OTEL_SDK_DISABLED=true,
 * OTEL_TRACES_EXPORTER=none) the SDK is not even loaded: the spans the code makes stay the
 * API's non-recording ones. No auto-instrumentation: the spans are made by hand where they
 * mean something (tracing.ts), which keeps the cost of a traced request small.
 */
export interface Tracing {
  readonly enabled: boolean;
  /** flushes the spans still queued (graceful shutdown) */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, shutdown: async () => {} };

export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return false;
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  if ((env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() === 'none') return false;
  return true;
}

/** `defaultServiceName`: used when neither OTEL_SERVICE_NAME nor OTEL_RESOURCE_ATTRIBUTES names the service. */
export async function startTracing(defaultServiceName: string, env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  if (!tracingWanted(env)) return OFF;
  // loaded here only: the SDK and its exporters are several megabytes of modules
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { markTracingActive } = await import('./tracing.js'); // the context manager is ours, registered when that module loads
  const named = !!env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    ...(named ? {} : { serviceName: defaultServiceName }),
    contextManager: null as never, // already registered by tracing.ts; the SDK must not replace it
    instrumentations: [],
    // traces only: metrics are Prometheus' (/metrics), logs are stdout's
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  markTracingActive();
  return { enabled: true, shutdown: () => sdk.shutdown() };
}
