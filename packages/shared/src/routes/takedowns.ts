import { envelope, listEnvelope, listQuerySchema, uuidParamSchema } from '../api';
import {
  counterNoticeSchema, createTakedownSchema, myTakedownSchema, takedownMessageSchema, takedownQuerySchema, takedownReasonSchema, takedownReceiptSchema, takedownSchema,
} from '../takedowns';
import { defineRoutes } from './define';

/** Issue 28 §3 Takedowns (modules/takedowns README). */
export const takedowns = {
  ...defineRoutes('takedowns', {
    create: {
      method: 'POST',
      path: '/takedowns',
      access: 'anyone',
      description:
        'A rights holder files a takedown notice (signed out too; rate-limited): the work, one or more addresses of items on this site (each parsed into kind + id: an address naming nothing here → 400 on urls.N), contact, the sworn statements and a typed signature. The claimant is e-mailed the notice number.',
      schema: { body: createTakedownSchema, response: { 201: envelope(takedownReceiptSchema) } },
    },
    mine: {
      method: 'GET',
      path: '/takedowns/mine',
      access: 'user',
      description: "The notices that hid the caller's items (newest first), with their counter-notice.",
      schema: { querystring: listQuerySchema, response: { 200: listEnvelope(myTakedownSchema) } },
    },
    counter: {
      method: 'POST',
      path: '/takedowns/:id/counter',
      access: 'user',
      description:
        "The owner of items a notice hid files a counter-notice (statement, consent to jurisdiction, signature): the claimant is e-mailed; the items come back after the legal wait (takedownWaitDays) unless the operator records that the claimant answered. Not the caller's notice → 404; not hidden or already countered → 409.",
      schema: { params: uuidParamSchema, body: counterNoticeSchema, response: { 201: envelope(myTakedownSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    takedownList: {
      method: 'GET',
      path: '/admin/takedowns',
      access: 'admin',
      description: 'Operator: the takedown queue, newest first, with the named items\' previews; filter status.',
      schema: { querystring: takedownQuerySchema, response: { 200: listEnvelope(takedownSchema) } },
    },
    takedownDetail: {
      method: 'GET',
      path: '/admin/takedowns/:id',
      access: 'admin',
      description: 'Operator: one notice with its items and counter-notices.',
      schema: { params: uuidParamSchema, response: { 200: envelope(takedownSchema) } },
    },
    takedownHide: {
      method: 'POST',
      path: '/admin/takedowns/:id/hide',
      access: 'admin',
      description:
        'Operator: hides every item the notice names in one transaction (the owners told in the app and by e-mail with the notice), records a strike per owner (reaching takedownStrikeLimit suspends the account), audited. 409 unless open or info_requested.',
      schema: { params: uuidParamSchema, response: { 200: envelope(takedownSchema) } },
    },
    takedownReject: {
      method: 'POST',
      path: '/admin/takedowns/:id/reject',
      access: 'admin',
      description: 'Operator: rejects the notice {reason}; the claimant is e-mailed. Audited. 409 unless open or info_requested.',
      schema: { params: uuidParamSchema, body: takedownReasonSchema, response: { 200: envelope(takedownSchema) } },
    },
    takedownRequestInfo: {
      method: 'POST',
      path: '/admin/takedowns/:id/request-info',
      access: 'admin',
      description: 'Operator: asks the claimant for more {message} (e-mailed); status info_requested. Audited. 409 unless open or info_requested.',
      schema: { params: uuidParamSchema, body: takedownMessageSchema, response: { 200: envelope(takedownSchema) } },
    },
    takedownClaimantAnswered: {
      method: 'POST',
      path: '/admin/takedowns/:id/claimant-answered',
      access: 'admin',
      description:
        'Operator: records that the claimant answered a counter-notice by filing an action {reason}: the pending counter-notices are upheld and the items stay hidden. Audited. 409 when no counter-notice is pending.',
      schema: { params: uuidParamSchema, body: takedownReasonSchema, response: { 200: envelope(takedownSchema) } },
    },
  }),
};
