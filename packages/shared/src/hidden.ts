import './zod-config';
import { z } from 'zod';

/**
 * What an item's view (feed, video, gallery, product) carries for its owner and admins — nobody
 * else ever sees a hidden item (moderation.ts): `hidden` true → hidden by the operator, with the
 * reason they gave. A file of its own so the content contracts can use it without a cycle.
 */
export const hiddenFlagsShape = {
  hidden: z.boolean().optional(),
  hiddenReason: z.string().nullable().optional(),
};

