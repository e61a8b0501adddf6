import { createPollSchema } from '@stagepass/shared';

/** `<input type=datetime-local>` value ↔ ISO. */
export const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
export const fromLocalInput = (v: string) => (v ? new Date(v) : null);

const decodeEntities = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
/** Stored text (light HTML) → what the textarea shows. */
export const toEditable = (html: string) => decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n').replace(/<\/?p>/gi, ''));

/** The poll being written in the composer (not saved yet). */
export interface PollDraft {
  question: string;
  options: string[];
  expiresAt: string;
}

/** A new draft: two empty options, ending in 24 h. */
export const newPollDraft = (): PollDraft => ({ question: '', options: ['', ''], expiresAt: toLocalInput(new Date(Date.now() + 24 * 3600 * 1000)) });

/**
 * The draft checked with the shared `createPollSchema`: errors keyed `question`, `option{i}`,
 * `options`, `expiresAt` (empty when the draft is valid).
 */
export function pollDraftErrors(poll: PollDraft): Record<string, string> {
  const expires = fromLocalInput(poll.expiresAt);
  const r = createPollSchema.safeParse({ question: poll.question, options: poll.options, expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : '' });
  const errs: Record<string, string> = {};
  if (!r.success) {
    for (const i of r.error.issues) {
      const [field, idx] = i.path;
      const key = field === 'options' && typeof idx === 'number' ? `option${idx}` : String(field);
      if (!errs[key]) errs[key] = field === 'expiresAt' ? 'Pick an end time in the future' : i.message;
    }
  }
  if (expires && expires.getTime() <= Date.now()) errs.expiresAt = 'Pick an end time in the future';
  return errs;
}
