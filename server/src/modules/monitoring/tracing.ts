import { register } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

/**
 * OpenTelemetry traces (only when OTEL_EXPORTER_OTLP_ENDPOINT is set; main.ts imports this file
 * then and only then): a span per HTTP request and per PostgreSQL statement, sent over OTLP/HTTP
 * to `<endpoint>/v1/traces`. The standard OTEL_* variables (OTEL_SERVICE_NAME,
 * OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER...) apply as the SDK documents them.
 * Must run before `http` and `pg` are loaded: the ESM hook wraps them as they are imported.
 */
export async function startTracing(endpoint: string): Promise<{ shutdown: () => Promise<void> }> {
  // Only pg goes through the ESM hook (drizzle imports it from ESM); http is required by Fastify
  // (CommonJS, patched without a hook). Wrapping every module would also wrap the workspace's
  // TypeScript contract under tsx, whose exports the hook cannot read.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['pg'] },
  });
  // SDK 3 has no Node provider that wires these itself: the context manager keeps a request's
  // spans under its span across awaits, the propagators read and send `traceparent`.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  );
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || 'store-server',
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds would drown the requests worth reading.
        ignoreIncomingRequestHook: (request) =>
          /^\/(api\/health|api\/ready|metrics)\/?(\?|$)/.test(request.url ?? ''),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
