import { z } from 'zod';

/** Error envelope every non-2xx API answer uses. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const MAX_PAGE_SIZE = 100;

/** Common list query: offset/limit pagination, sort, free-text q. */
export const listQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  sortBy: z.string().max(40).default('updatedAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** `{data: T}` envelope. */
export const envelope = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
/** `{data: {data: T[], total}}` list envelope. */
export const listEnvelope = <T extends z.ZodTypeAny>(schema: T) =>
  z.object({ data: z.object({ data: z.array(schema), total: z.number().int() }) });

export const idParamSchema = z.object({ id: z.string().min(1).max(100) });
/** A record id in the path: anything but a UUID is a client mistake (400), never a database error. */
export const uuidParamSchema = z.object({ id: z.string().uuid('Invalid id') });
export const okSchema = z.object({ success: z.literal(true) });

/** A missing field reads 'Required' rather than zod's type-level text, on both server and client. */
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});
