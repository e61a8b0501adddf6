import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { MESSAGES } from '@stagepass/shared';
import { HttpError, type FieldError } from './errors';

/** What the API answers for a NUL character anywhere in the input. */
export const NUL_MESSAGE = 'Text may not contain NUL characters';
const NUL = '\u0000';

/**
 * Where a NUL character hides in a parsed value (path parameters, query, JSON body): the field
 * paths, at most a few. Keys count too. Buffers (the Stripe webhook's raw body) and streams
 * (multipart uploads, read later by receiveMultipart, which checks its own fields) are not text.
 */
export function nulFields(value: unknown, prefix = '', out: string[] = [], depth = 0): string[] {
  if (out.length >= 5 || depth > 32) return out;
  if (typeof value === 'string') {
    if (value.includes(NUL)) out.push(prefix || '_');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulFields(v, prefix ? `${prefix}.${i}` : String(i), out, depth + 1));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function') {
    for (const [k, v] of Object.entries(value)) {
      const field = prefix ? `${prefix}.${k}` : k;
      if (k.includes(NUL)) out.push(field.replaceAll(NUL, '\\0'));
      else nulFields(v, field, out, depth + 1);
    }
  }
  return out;
}

/**
 * One check at the edge for every route: a NUL character (`\u0000`, `%00`) in the path, the query
 * or a JSON body is refused with 400 before schemas and handlers run — PostgreSQL text cannot hold
 * it, so letting it through would end as a database error (500). Added once here, to every route
 * as its LAST preValidation hook (after the body is parsed): access guards a route runs in
 * onRequest/preValidation keep their order (401/403 before any 400), and nothing reads the input first.
 */
export function registerInputGuard(app: FastifyInstance) {
  const rejectNul: preValidationAsyncHookHandler = async (req) => {
    const fields = [...nulFields(req.params), ...nulFields(req.query), ...nulFields(req.body)];
    if (fields.length) throw nulError(fields);
  };
  app.addHook('onRoute', (route) => {
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...own, rejectNul] as typeof route.preValidation;
  });
}

export const nulError = (fields: string[]) =>
  new HttpError(400, MESSAGES.validation, fields.map((field): FieldError => ({ field, message: NUL_MESSAGE })));
