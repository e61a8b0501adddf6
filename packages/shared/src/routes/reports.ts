import { envelope, listEnvelope } from '../api';
import { createReportSchema, reportSchema } from '../social';
import {
  adminContentQuerySchema, contentSummarySchema, hideableParamsSchema, hideContentBodySchema, reportActionBodySchema, reportGroupSchema,
  reportQueueQuerySchema, reportTargetDetailSchema, reportTargetParamsSchema,
} from '../moderation';
import { adminContentItemQuerySchema, adminContentItemSchema } from '../operator-reads';
import { defineRoutes } from './define';

/** Spec §7 Reports: users report content; the operator reviews (the operator's entries are tagged admin). */
export const reports = {
  ...defineRoutes('reports', {
    create: {
      method: 'POST',
      path: '/reports',
      access: 'user',
      description: 'Report a feed, creator, comment, … One open report per user and target (409 otherwise).',
      schema: { body: createReportSchema, response: { 201: envelope(reportSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    adminList: {
      method: 'GET',
      path: '/admin/reports',
      access: 'admin',
      description:
        'Operator: the reports queue, grouped by target (kind + id) with a preview of the item, its owner, the reasons and their counts, the first reporters, first/last report times. A reported private message is previewed as "Private message" without its text (its detail shows it, audited). status (default open): targets with reports in that state; filters target, reason; sortBy lastReportedAt|firstReportedAt|count.',
      schema: { querystring: reportQueueQuerySchema, response: { 200: listEnvelope(reportGroupSchema) } },
    },
    adminTarget: {
      method: 'GET',
      path: '/admin/reports/:target/:targetId',
      access: 'admin',
      description: 'Operator: one reported target — its group (every status) and each report on it, with the reporter and their description. 404 when nothing was reported about it. A reported private message is an audited read (`messages.read`, subjects: its sender and its reporters).',
      operatorRead: true,
      schema: { params: reportTargetParamsSchema, response: { 200: envelope(reportTargetDetailSchema) } },
    },
    adminAct: {
      method: 'POST',
      path: '/admin/reports/:target/:targetId/actions',
      access: 'admin',
      description:
        'Operator: act on a reported target, closing its open reports (actioned; dismiss → dismissed), audited in the same transaction. dismiss; hide {reason} (feed, video, gallery, product: hidden from everyone but the owner and admins, the owner notified); delete (comments); warn {message} (a notification to the owner); suspend {reason} (the owner\'s account, as POST /admin/users/{id}/suspend). 404 unknown target or no open report, 422 an action the target does not allow.',
      schema: { params: reportTargetParamsSchema, body: reportActionBodySchema, response: { 200: envelope(reportGroupSchema) } },
    },
    adminContent: {
      method: 'GET',
      path: '/admin/content',
      access: 'admin',
      description:
        'Operator: every feed, video, gallery or product (kind, default feed), hidden ones and drafts included; filters performerId, status (the kind\'s own), hidden (true/false), q (text).',
      schema: { querystring: adminContentQuerySchema, response: { 200: listEnvelope(contentSummarySchema) } },
    },
    adminOpen: {
      method: 'GET',
      path: '/admin/content/:kind/:id',
      access: 'admin',
      description:
        "Operator: open one feed, video, gallery or product as its public page shows it, WITH its media (issue 28 §6: elsewhere an operator sees every item but gets media URLs only for what any viewer would): the item's view, a gallery's photos (offset, limit: a page, every status), a digital product's download link. An audited read (`media.read`, subject: the item's creator; their data export lists it). Unknown kind or malformed id → 400; no such item → 404.",
      operatorRead: true,
      schema: { params: hideableParamsSchema, querystring: adminContentItemQuerySchema, response: { 200: envelope(adminContentItemSchema) } },
    },
    adminHide: {
      method: 'POST',
      path: '/admin/content/:kind/:id/hide',
      access: 'admin',
      description: 'Operator: hide an item {reason}: invisible to everyone but its owner and admins, everywhere (lists, search, bookmarks, direct reads → 404); the owner is notified. Audited. 409 already hidden.',
      schema: { params: hideableParamsSchema, body: hideContentBodySchema, response: { 200: envelope(contentSummarySchema) } },
    },
    adminUnhide: {
      method: 'POST',
      path: '/admin/content/:kind/:id/unhide',
      access: 'admin',
      description: 'Operator: show a hidden item again (it is still withheld while its owner is suspended). Audited. 409 not hidden.',
      schema: { params: hideableParamsSchema, response: { 200: envelope(contentSummarySchema) } },
    },
  }),
};
