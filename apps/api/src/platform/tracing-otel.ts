import { SpanKind as OtelKind, SpanStatusCode, context, createContextKey, defaultTextMapGetter, defaultTextMapSetter, trace, type Context, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SpanAttrs, SpanKind, TraceCarrier, TracingImpl } from './tracing.types';

/**
 * The OpenTelemetry side of platform/tracing.ts, imported only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set: a tracer provider exporting over OTLP/HTTP (protobuf) in batches, an AsyncLocalStorage
 * context manager (the active span follows the request through awaits), W3C trace context in and
 * out (a caller's `traceparent`, a job's carrier).
 */
const KINDS: Record<SpanKind, OtelKind> = { server: OtelKind.SERVER, internal: OtelKind.INTERNAL, producer: OtelKind.PRODUCER, consumer: OtelKind.CONSUMER };
const REQUEST_ID = createContextKey('stagepass.request_id');
const propagator = new W3CTraceContextPropagator();

export function createTracing(opts: { url: string; serviceName: string; ratio: number }): TracingImpl {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': opts.serviceName }),
    // A share of new traces (OTEL_TRACES_SAMPLER_ARG); a sampled caller's or job's trace is always continued.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(opts.ratio) }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: opts.url }) })],
  });
  const tracer = provider.getTracer('stagepass');
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);

  const ended = (span: Span, err?: unknown) => {
    if (err) {
      span.recordException(err instanceof Error ? err : new Error(String(err)));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    }
    span.end();
  };

  const parentOf = (carrier?: TraceCarrier): Context => {
    if (!carrier) return context.active();
    let ctx = propagator.extract(context.active(), carrier, defaultTextMapGetter);
    if (carrier.requestId) ctx = ctx.setValue(REQUEST_ID, carrier.requestId);
    return ctx;
  };

  const inSpan: TracingImpl['inSpan'] = (name, o, fn) => {
    const parent = parentOf(o.parent);
    const requestId = parent.getValue(REQUEST_ID) as string | undefined;
    const attrs: SpanAttrs = { ...o.attrs, ...(requestId ? { 'stagepass.request_id': requestId } : {}) };
    const span = tracer.startSpan(name, { kind: KINDS[o.kind ?? 'internal'], attributes: attrs }, parent);
    return context.with(trace.setSpan(parent, span), () => {
      let out: ReturnType<typeof fn>;
      try {
        out = fn();
      } catch (err) {
        ended(span, err);
        throw err;
      }
      // Only real promises: a Drizzle query builder is a thenable that would run if awaited here.
      if (out instanceof Promise) {
        return out.then(
          (v: unknown) => {
            ended(span);
            return v;
          },
          (err: unknown) => {
            ended(span, err);
            throw err;
          },
        ) as typeof out;
      }
      ended(span);
      return out;
    });
  };

  const spans = new WeakMap<FastifyRequest, Span>();
  return {
    inSpan,
    start(name, o) {
      const span = tracer.startSpan(name, { kind: OtelKind.CLIENT, attributes: o.attrs }, context.active());
      return (err) => ended(span, err);
    },
    inject() {
      const active = context.active();
      if (!trace.getSpan(active)) return null;
      const carrier: TraceCarrier = {};
      propagator.inject(active, carrier, defaultTextMapSetter);
      const requestId = active.getValue(REQUEST_ID) as string | undefined;
      if (requestId) carrier.requestId = requestId;
      return carrier.traceparent ? carrier : null;
    },
    registerHttp(app: FastifyInstance) {
      app.addHook('onRequest', (req, _reply, done) => {
        const parent = propagator.extract(context.active(), req.headers, defaultTextMapGetter).setValue(REQUEST_ID, req.id);
        const span = tracer.startSpan(`${req.method}`, { kind: OtelKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.url.split('?')[0]!, 'stagepass.request_id': req.id } }, parent);
        spans.set(req, span);
        // The request's log lines carry the trace id (its request id is already there: reqId).
        req.log = req.log.child({ traceId: span.spanContext().traceId });
        context.with(trace.setSpan(parent, span), done);
      });
      app.addHook('onResponse', (req, reply, done) => {
        const span = spans.get(req);
        if (span) {
          const route = req.routeOptions.url;
          if (route) span.updateName(`${req.method} ${route}`).setAttribute('http.route', route);
          span.setAttribute('http.response.status_code', reply.statusCode);
          if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
          spans.delete(req);
        }
        done();
      });
    },
    async flush() {
      await provider.forceFlush();
    },
    async shutdown() {
      await provider.shutdown().catch(() => {});
      context.disable();
    },
  };
}
