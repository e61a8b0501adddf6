import './zod-config';
import { z } from 'zod';
import { idOrUsernameSchema, idSchema } from './api';

/**
 * A creator's own labels on their posts, videos and galleries (issue 31 §3; modules/labels README):
 * managed by the creator, chosen in the editors, shown as filters on the creator's profile.
 */
export const LABEL_KINDS = ['feed', 'video', 'gallery'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];
export const LABEL_NAME_MAX = 30;
export const LABELS_MAX = 50;
/** At most this many labels on one item. */
export const ITEM_LABELS_MAX = 10;
export const LABEL_MESSAGES = {
  duplicate: 'You already have a label with this name',
  limit: `You can have at most ${LABELS_MAX} labels: delete one first`,
} as const;

/** Names are trimmed, inner spaces collapsed; 1–30 characters. */
export const labelNameSchema = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'Give the label a name').max(LABEL_NAME_MAX, `At most ${LABEL_NAME_MAX} characters`));
export const labelInputSchema = z.object({ name: labelNameSchema });
export type LabelInput = z.infer<typeof labelInputSchema>;

/** A label as its owner manages it, with how many of their items carry it per kind. */
export const labelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  counts: z.object({ feed: z.number().int(), video: z.number().int(), gallery: z.number().int() }),
  createdAt: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

export const labelItemParamsSchema = z.object({ kind: z.enum(LABEL_KINDS), id: idSchema });
export const itemLabelsInputSchema = z.object({
  labelIds: z
    .array(idSchema)
    .max(ITEM_LABELS_MAX, `At most ${ITEM_LABELS_MAX} labels on one item`)
    .refine((ids) => new Set(ids).size === ids.length, 'A label is listed twice'),
});
export type ItemLabelsInput = z.infer<typeof itemLabelsInputSchema>;
/** The labels on one item, in name order. */
export const itemLabelsSchema = z.object({ labels: z.array(z.object({ _id: z.string(), name: z.string() })) });
export type ItemLabels = z.infer<typeof itemLabelsSchema>;

export const creatorLabelsParamsSchema = z.object({ username: idOrUsernameSchema });
/** The profile's filter chips: only labels carrying items the visitor may see listed. */
export const profileLabelSchema = labelSchema.omit({ createdAt: true });
export type ProfileLabel = z.infer<typeof profileLabelSchema>;
