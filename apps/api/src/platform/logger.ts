import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';

/**
 * How the API and the worker log (pino). Production: one JSON line per record for log collectors,
 * with Fastify's own request logs. Anywhere else (`npm start`, `npm run dev`): compact lines for a
 * person — `12:03:04.512 WARN  message key=value` — and each HTTP request one line at debug level
 * (`GET /feeds 200 12ms`), hidden at the default LOG_LEVEL=info, so a session's thousands of
 * requests do not bury what matters; warnings and errors always show.
 */
export type LogFormat = 'json' | 'pretty';
type LogConfig = Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>;

export const logFormat = (config: Pick<Config, 'NODE_ENV'>): LogFormat => (config.NODE_ENV === 'production' ? 'json' : 'pretty');

const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

/** The pino options and destination for this config: JSON to `out` (default: pino's own stdout writer), or compact lines. */
function loggerParts(config: LogConfig, out?: NodeJS.WritableStream): { options: LoggerOptions; stream?: DestinationStream } {
  const options: LoggerOptions = { level: config.LOG_LEVEL, redact: REDACT };
  if (logFormat(config) === 'pretty') return { options, stream: prettyStream(out ?? process.stdout) };
  return out ? { options, stream: out as DestinationStream } : { options };
}

/**
 * Fastify's request log lines outside production: nothing when a request comes in, one debug line
 * when it is answered (`GET /feeds 200 12ms`), a 404 route at debug too. A request that failed
 * stays at error; Fastify's other error and warning lines are unchanged.
 */
export class CompactRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`;
    if (error) reply.log.error({ err: error }, line);
    else request.log.debug(line);
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug(`no route for ${request.method} ${request.url}`);
  }
}

/** Fastify's logging options: its logger and its request log lines (compact, at debug, outside production). */
export function fastifyLogging(config: LogConfig, out?: NodeJS.WritableStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const { options, stream } = loggerParts(config, out);
  return { logger: stream ? { ...options, stream } : options, ...(logFormat(config) === 'pretty' ? { logController: new CompactRequestLog() } : {}) };
}

/** A logger outside Fastify (the worker), in the same format. */
export function createLogger(config: LogConfig, out?: NodeJS.WritableStream): Logger {
  const { options, stream } = loggerParts(config, out);
  return stream ? pino(options, stream) : pino(options);
}

/** A pino destination that writes each JSON record as one compact line (plus an error's stack). */
export function prettyStream(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => void out.write(`${formatLogLine(line)}\n`) };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every record carries that a person reading the console does not need. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);
const MAX_VALUE = 200;

const clock = (time: unknown) => {
  const d = new Date(typeof time === 'number' || typeof time === 'string' ? time : Date.now());
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(11, 23);
};
const value = (v: unknown) => {
  const s = typeof v === 'string' ? (/\s/.test(v) || v === '' ? JSON.stringify(v) : v) : JSON.stringify(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
};

/**
 * One pino JSON record as a compact line: time, level, message, then the other fields as
 * key=value (the request id only on warnings and errors). An error's stack follows on indented
 * lines. A line that is not JSON is returned as it is.
 */
export function formatLogLine(line: string): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.replace(/\n$/, '');
  }
  if (!rec || typeof rec !== 'object') return line.replace(/\n$/, '');
  const level = typeof rec.level === 'number' ? rec.level : 30;
  const parts = [clock(rec.time), (LEVELS[level] ?? String(level)).padEnd(5)];
  if (rec.msg !== undefined) parts.push(String(rec.msg));
  let stack = '';
  for (const [k, v] of Object.entries(rec)) {
    if (HIDDEN.has(k) || v === undefined) continue;
    if (k === 'reqId' && level < 40) continue;
    if ((k === 'err' || k === 'error') && v && typeof v === 'object') {
      // The stack starts with the type and message; without one, they go on the line.
      const e = v as { type?: string; message?: string; stack?: string };
      if (e.stack) stack = `\n${e.stack.split('\n').map((l) => `    ${l}`).join('\n')}`;
      else parts.push(`${k}=${value(`${e.type ?? 'Error'}: ${e.message ?? ''}`)}`);
      continue;
    }
    parts.push(`${k}=${value(v)}`);
  }
  return parts.filter(Boolean).join(' ') + stack;
}
