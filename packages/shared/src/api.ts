import './zod-config';
import { z } from 'zod';

/** Error envelope every non-2xx API answer uses. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** A machine-readable reason the client acts on: 'terms_required' (legal.ts TERMS_REQUIRED_CODE). */
  code: z.string().optional(),
  details: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const MAX_PAGE_SIZE = 100;

/**
 * Common list query: offset/limit pagination, sort direction, free-text q. It has no `sortBy` on
 * purpose: each list adds its own with `sortBySchema(<that list's columns>, default)`, next to its
 * query schema, so a column the list cannot sort by (or `__proto__`) is a 400, never a 500.
 */
export const listQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  sort: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
/** A list's `sortBy`: one of the columns that list sorts by (spec default `updatedAt` where the list has it). */
export const sortBySchema = <const T extends readonly [string, ...string[]]>(columns: T, byDefault: NoInfer<T[number]>) =>
  z.enum(columns, { error: `One of: ${columns.join(', ')}` }).default(byDefault as never);

/** `{data: T}` envelope. */
export const envelope = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
/** `{data: {data: T[], total}}` list envelope. */
export const listEnvelope = <T extends z.ZodTypeAny>(schema: T) =>
  z.object({ data: z.object({ data: z.array(schema), total: z.number().int() }) });

/**
 * THE record id: every id in a path, a query or a body is validated by this schema (a UUID), so a
 * malformed id is a client mistake (400 with a field error), never a database error. `isUuid` is
 * the same rule for the few places that take "an id or a username".
 */
export const idSchema = z.uuid({ error: 'Invalid id' });
export const isUuid = (value: unknown): boolean => idSchema.safeParse(value).success;
/** `{id}` in the path. */
export const uuidParamSchema = z.object({ id: idSchema });
/** Path params that are all record ids, e.g. `idParams('id', 'fileId')`. */
export const idParams = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((n) => [n, idSchema])) as { [P in K]: typeof idSchema });
/** `{id}` in the path that may be a record id or a username (profiles, follows): looked up with `isUuid`. */
export const idOrUsernameSchema = z.string().trim().min(1, 'Required').max(100);
export const idOrUsernameParamSchema = z.object({ id: idOrUsernameSchema });
export const okSchema = z.object({ success: z.literal(true) });

/** A missing field reads 'Required' rather than zod's type-level text, on both server and client. */
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});
