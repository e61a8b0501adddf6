import type { FastifyInstance } from 'fastify';

/** The shapes shared by the tracing facade (tracing.ts) and its OpenTelemetry side (tracing-otel.ts). */
export type SpanAttrs = Record<string, string | number | boolean>;
export type SpanKind = 'server' | 'internal' | 'producer' | 'consumer';
/** A trace context carried in a job's data (W3C traceparent) with the request id that started it. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
  requestId?: string;
}
/** Where the carrier sits in a job's data (removed before the handler sees the data). */
export const TRACE_KEY = '_trace';

/** What the OpenTelemetry side (tracing-otel.ts) provides. */
export interface TracingImpl {
  /** Runs `fn` in a new span, a child of the active one (or of `parent`); a promise ends it when settled. */
  inSpan<T>(name: string, opts: { kind?: SpanKind; attrs?: SpanAttrs; parent?: TraceCarrier }, fn: () => T): T;
  /** Starts a span, a child of the active one, without making it active; answers its end. */
  start(name: string, opts: { attrs?: SpanAttrs }): (err?: unknown) => void;
  /** The active context as a carrier (null outside any span). */
  inject(): TraceCarrier | null;
  registerHttp(app: FastifyInstance): void;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

