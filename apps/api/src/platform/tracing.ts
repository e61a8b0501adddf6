import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { observeQueries } from '../db/observe';
import { TRACE_KEY, type SpanAttrs, type SpanKind, type TraceCarrier, type TracingImpl } from './tracing.types';

/**
 * OpenTelemetry traces (docs/operations.md "Traces"), behind a small facade: when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, `startTracing` loads the implementation (tracing-otel.ts, the
 * OpenTelemetry SDK and its OTLP/HTTP exporter) and one trace follows a request through its
 * services, its SQL and the jobs it queued; unset, nothing of OpenTelemetry is imported and every
 * call here is one null check.
 *
 * Where spans come from: an HTTP request (app.ts hook, `traceHttp`), each service method of the
 * composition root (`traceServices`), each query of the database client (db/observe.ts), each job
 * sent (queue.ts `send`: the trace context travels in the job's data, `TRACE_KEY`) and each job
 * run (queue.ts, continued from that context). The request id is a span attribute and travels to
 * the jobs; the trace id is in the request's log lines.
 */
export type { SpanAttrs, SpanKind, TraceCarrier, TracingImpl } from './tracing.types';
export { TRACE_KEY } from './tracing.types';

let impl: TracingImpl | null = null;
let stopQueries: (() => void) | null = null;
let users = 0;

/** Whether spans are being made in this process. */
export const tracingOn = (): boolean => impl !== null;

/**
 * Loads and starts tracing when the config asks for it (once per process; each caller that started
 * it stops it with `stopTracing`). Answers whether tracing is on.
 */
export async function startTracing(config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SERVICE_NAME'> & { OTEL_TRACES_SAMPLER_ARG?: number }): Promise<boolean> {
  const endpoint = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (config.OTEL_EXPORTER_OTLP_ENDPOINT ? `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : null);
  if (!endpoint) return false;
  users++;
  if (impl) return true;
  const otel = await import('./tracing-otel');
  impl = otel.createTracing({ url: endpoint, serviceName: config.OTEL_SERVICE_NAME, ratio: config.OTEL_TRACES_SAMPLER_ARG ?? 1 });
  const current = impl;
  stopQueries = observeQueries((sql) =>
    current.start('db.query', { attrs: { 'db.system.name': 'postgresql', 'db.operation.name': sqlOperationName(sql), 'db.query.text': sql.length > 2000 ? `${sql.slice(0, 2000)}…` : sql } }),
  );
  return true;
}

/** Stops tracing once its last starter stops (spans not yet exported are flushed first). */
export async function stopTracing(): Promise<void> {
  if (!impl || --users > 0) return;
  const current = impl;
  impl = null;
  stopQueries?.();
  stopQueries = null;
  await current.shutdown();
}

/** Exports the spans ended so far now (tests, shutdown). */
export async function flushTracing(): Promise<void> {
  await impl?.flush();
}

/** Runs `fn` in a span when tracing is on; else just runs it. */
export function inSpan<T>(name: string, opts: { kind?: SpanKind; attrs?: SpanAttrs; parent?: TraceCarrier }, fn: () => T): T {
  return impl ? impl.inSpan(name, opts, fn) : fn();
}

/** The HTTP requests' spans (app.ts, when tracing is on). */
export function traceHttp(app: FastifyInstance): void {
  impl?.registerHttp(app);
}

/** A job's data with the active trace context added (unchanged when tracing is off or no span is active). */
export function withTraceContext<T extends object>(data: T): T {
  const carrier = impl?.inject();
  return carrier ? { ...data, [TRACE_KEY]: carrier } : data;
}

/** A job's data without its trace context, and that context. */
export function takeTraceContext<T extends object>(data: T): { data: T; carrier: TraceCarrier | null } {
  if (!data || typeof data !== 'object' || !(TRACE_KEY in data)) return { data, carrier: null };
  const { [TRACE_KEY]: carrier, ...rest } = data as T & { [TRACE_KEY]: TraceCarrier };
  return { data: rest as T, carrier: carrier && typeof carrier === 'object' ? carrier : null };
}

/**
 * Wraps every method of each service object (class instances; plain objects and functions are
 * left alone) so a call is a span `<Class>.<method>` — only when tracing is on, and only on the
 * instances (their classes are untouched). Sync methods stay sync.
 */
export function traceServices(services: Record<string, unknown>): void {
  if (!impl) return;
  for (const service of Object.values(services)) {
    if (!service || typeof service !== 'object') continue;
    const proto = Object.getPrototypeOf(service) as object | null;
    if (!proto || proto === Object.prototype) continue;
    const cls = (service.constructor as { name?: string }).name || 'Service';
    const names = new Set<string>();
    for (let p: object | null = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p) as object | null) {
      for (const name of Object.getOwnPropertyNames(p)) {
        const d = Object.getOwnPropertyDescriptor(p, name);
        if (name !== 'constructor' && typeof d?.value === 'function') names.add(name);
      }
    }
    const target = service as Record<string, (...args: unknown[]) => unknown>;
    for (const name of names) {
      const original = target[name]!;
      const spanName = `${cls}.${name}`;
      target[name] = function traced(this: unknown, ...args: unknown[]) {
        return inSpan(spanName, { kind: 'internal' }, () => original.apply(this, args));
      };
    }
  }
}

const OPERATION = /^\s*\(?\s*([a-z]+)/i;
const sqlOperationName = (sql: string) => OPERATION.exec(sql.slice(0, 64))?.[1]?.toUpperCase() ?? 'QUERY';
