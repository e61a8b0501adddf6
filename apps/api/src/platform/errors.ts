import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { MESSAGES } from '@stagepass/shared';

export interface FieldError { field: string; message: string }

/** An error with a status the client should see. Services throw these; the handler shapes them. */
export class HttpError extends Error {
  /** `code`: a machine-readable reason the client acts on (e.g. 'terms_required'), in the envelope. */
  constructor(public statusCode: number, message: string, public details?: FieldError[], public code?: string) {
    super(message);
  }
}
export const badRequest = (message: string, details?: FieldError[]) => new HttpError(400, message, details);
export const fieldError = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, details?: FieldError[]) => new HttpError(409, message, details);
export const unprocessable = (message: string) => new HttpError(422, message);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
  500: 'Internal Server Error', 503: 'Service Unavailable',
};

/**
 * PostgreSQL errors that input caused (SQLSTATE class 22, "data exception"): a value the
 * database cannot take. Schemas should catch these first; when one slips through, it is still
 * the client's 400, not a 500. Everything else from the database stays a 500.
 */
const INPUT_DB_ERRORS: Record<string, string> = {
  '22P02': 'A value has an invalid format', // invalid text representation (e.g. a malformed UUID or number)
  '22001': 'A value is too long', // string data right truncation
  '22003': 'A number is out of range', // numeric value out of range
  '22021': 'A text contains characters that are not allowed', // character not in repertoire / bad byte sequence (e.g. NUL)
  '22P05': 'A text contains characters that are not allowed', // untranslatable character (NUL in jsonb)
  '22007': 'A date or time has an invalid format', // invalid datetime format
  '22008': 'A date or time is out of range', // datetime field overflow
  '22025': 'A search text has an invalid escape', // invalid escape sequence (LIKE)
  '22019': 'A search text has an invalid escape', // invalid escape character
  '2201B': 'A search text is not a valid pattern', // invalid regular expression
};

/** The messages of those 400s (tests use them to tell a database refusal from a schema's). */
export const INPUT_DB_ERROR_MESSAGES: ReadonlySet<string> = new Set(Object.values(INPUT_DB_ERRORS));

/**
 * The SQLSTATE of a database error, wherever it sits: node-postgres and PGlite put it on the
 * error itself (`code`), Drizzle wraps it (`DrizzleQueryError`, the original on `cause`).
 */
export function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * The database cannot be reached: refused or dropped connections (PostgreSQL stopped or restarting,
 * a failover) and the server's own "shutting down / starting up / too many clients" states. The
 * request is answered 503 with Retry-After (the client may try again), not a 500: nothing is wrong
 * with it, and the pool reconnects by itself once the server is back (docs/operations.md "Failures").
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_MESSAGE = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

export function databaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // node's AggregateError (a refused connection tried on 127.0.0.1 and ::1) carries its reasons in `errors`.
    if (Array.isArray(e.errors) && e.errors.some((x) => databaseUnavailable(x))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 400 for a database error caused by input, else null. */
export function inputDbError(err: unknown): HttpError | null {
  const state = sqlState(err);
  const message = state ? INPUT_DB_ERRORS[state] : undefined;
  return message ? new HttpError(400, message) : null;
}

export function zodDetails(err: ZodError): FieldError[] {
  return err.issues.map((i) => ({ field: i.path.join('.') || '_', message: i.message }));
}

/** One error envelope for everything: {statusCode, error, message, details?}. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let message: string = MESSAGES.generic;
    let details: FieldError[] | undefined;
    let code: string | undefined;
    if (err instanceof HttpError) {
      status = err.statusCode;
      message = err.message;
      details = err.details;
      code = err.code;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      message = MESSAGES.validation;
      details = err.validation.map((v) => ({
        field: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || '_',
        message: v.message ?? 'Invalid value',
      }));
    } else if (err instanceof ZodError) {
      status = 400;
      message = MESSAGES.validation;
      details = zodDetails(err);
    } else if (isResponseSerializationError(err)) {
      req.log.error({ err, reqId: req.id, issues: err.cause.issues }, 'response did not match its schema');
    } else if (inputDbError(err)) {
      // Input the schema let through but the database refused: the client's mistake, logged so the schema gets fixed.
      status = 400;
      message = inputDbError(err)!.message;
      req.log.warn({ err, reqId: req.id, sqlState: sqlState(err) }, 'database refused input');
    } else if (databaseUnavailable(err)) {
      status = 503;
      message = MESSAGES.temporarilyUnavailable;
      req.log.warn({ err, reqId: req.id }, 'database unreachable: answered 503');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: bad JSON, too large, unsupported type, rate limit…
      status = err.statusCode;
      message = status === 429 ? MESSAGES.rateLimited : err.message;
    } else {
      req.log.error({ err, reqId: req.id }, 'unhandled error');
    }
    if (status >= 500 && status !== 503 && !(err instanceof HttpError)) message = MESSAGES.generic;
    reply.status(status).send({ statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message, ...(code ? { code } : {}), ...(details ? { details } : {}) });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}
