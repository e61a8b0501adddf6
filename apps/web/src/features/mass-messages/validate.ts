/**
 * The composer's check with the API's own schema, in its own chunk (loaded on the first submit, so
 * the page's first load carries no zod): the body as the API would parse it, or the first problem.
 */
import { createMassMessageSchema, type CreateMassMessageInput } from '@stagepass/shared';

export type MassCheck = { ok: true; body: CreateMassMessageInput } | { ok: false; field: string; message: string };

export function checkMassMessage(body: CreateMassMessageInput): MassCheck {
  const r = createMassMessageSchema.safeParse(body);
  if (r.success) return { ok: true, body: r.data };
  const issue = r.error.issues[0];
  return { ok: false, field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Check the message' };
}
