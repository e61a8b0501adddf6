import './zod-config';
import { z } from 'zod';

/** What a badge beside a fan's name shows (comments, messages, live chat, subscriber list): their subscription tier with a creator. Its own file (zod only) so any contract may use it without a cycle. */
export const tierBadgeSchema = z.object({ _id: z.string(), name: z.string(), colour: z.string(), position: z.number().int() });
export type TierBadgeInfo = z.infer<typeof tierBadgeSchema>;
