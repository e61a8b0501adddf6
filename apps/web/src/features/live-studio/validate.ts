/**
 * The "Go live" form's check with the API's own schema, in its own chunk (loaded on submit, so the
 * page's first load carries no zod): the body as the API parses it, or the first problem.
 */
import { goLiveSchema, type GoLiveInput } from '@stagepass/shared';

export type GoLiveCheck = { ok: true; body: GoLiveInput } | { ok: false; field: string; message: string };

export function checkGoLive(body: GoLiveInput): GoLiveCheck {
  const r = goLiveSchema.safeParse(body);
  if (r.success) return { ok: true, body: r.data };
  const issue = r.error.issues[0];
  return { ok: false, field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Check the form' };
}
