import { envelope } from '../api';
import { autoMessageInputSchema, autoMessageKindParamsSchema, autoMessageSchema, autoMessagesSchema } from '../auto-messages';
import { defineRoutes } from './define';

/** Issue 31 §1: a creator's automatic messages (messages README "Automatic messages"). */
export const autoMessages = defineRoutes('auto-messages', {
  list: {
    method: 'GET',
    path: '/messages/auto',
    access: 'performer',
    description:
      "The caller's two automatic messages (welcome, then “we miss you”), each with its settings and figures: copies sent, read, bought and their revenue. Never saved → the defaults (off).",
    schema: { response: { 200: envelope(autoMessagesSchema) } },
  },
  update: {
    method: 'PUT',
    path: '/messages/auto/:kind',
    access: 'performer',
    description:
      'Sets one automatic message (`welcome` or `miss-you`): on/off, text, own media files, price (paid needs private media, within the site limits), for the welcome message whether new followers get it too, for “we miss you” the days after an expiry. Applies to later sends only.',
    schema: { params: autoMessageKindParamsSchema, body: autoMessageInputSchema, response: { 200: envelope(autoMessageSchema) } },
  },
});
