import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import {
  adminContactQuerySchema, adminPromoQuerySchema, adminSitePageQuerySchema, contactAnswerBodySchema, contactBodySchema, contactMessageSchema,
  contactReadBodySchema, createPromoSchema, createSitePageSchema, pageIdOrSlugParamSchema, promoSchema, promoSearchQuerySchema, siteImageSchema,
  sitePageSchema, sitePageSearchQuerySchema, sitePageSummarySchema, updatePromoSchema, updateSitePageSchema,
} from '../site';
import { defineRoutes } from './define';

/**
 * Spec §7 Posts, Site promo and POST /contact: the operator's site content (modules/site). The
 * public reads show only published pages and running promos; everything else is the console's.
 */
export const site = {
  ...defineRoutes('site', {
    pageSearch: {
      method: 'GET',
      path: '/posts/search',
      access: 'anyone',
      description: 'Published static pages (no body), sortOrder ascending by default; footer=true → only those shown in the footer menu.',
      schema: { querystring: sitePageSearchQuerySchema, response: { 200: listEnvelope(sitePageSummarySchema) } },
    },
    pageGet: {
      method: 'GET',
      path: '/posts/:id',
      access: 'anyone',
      description: 'One published static page by id or slug, with its sanitised HTML body; a draft or an unknown page → 404.',
      schema: { params: pageIdOrSlugParamSchema, response: { 200: envelope(sitePageSchema) } },
    },
    promoSearch: {
      method: 'GET',
      path: '/site-promo/search',
      access: 'anyone',
      description: 'Promos running now (start ≤ now < end), optionally of one position, sortOrder ascending.',
      schema: { querystring: promoSearchQuerySchema, response: { 200: listEnvelope(promoSchema) } },
    },
    contact: {
      method: 'POST',
      path: '/contact',
      access: 'anyone',
      description:
        'A message to the operator: stored, then e-mailed to the contactEmail setting (or every admin) by a background job. recaptchaToken required while reCAPTCHA is on (400 when refused). Rate-limited per client address (429).',
      schema: { body: contactBodySchema, response: { 201: envelope(z.object({ success: z.literal(true), message: z.string() })) } },
    },
  }),
  ...defineRoutes('admin', {
    adminPages: {
      method: 'GET',
      path: '/admin/posts',
      access: 'admin',
      description: 'Operator: every static page (drafts included, no body); q searches title and slug.',
      schema: { querystring: adminSitePageQuerySchema, response: { 200: listEnvelope(sitePageSummarySchema) } },
    },
    adminPageGet: {
      method: 'GET',
      path: '/admin/posts/:id',
      access: 'admin',
      description: 'Operator: one static page with its body, draft or published.',
      schema: { params: uuidParamSchema, response: { 200: envelope(sitePageSchema) } },
    },
    adminPageCreate: {
      method: 'POST',
      path: '/admin/posts',
      access: 'admin',
      description: 'Operator: a new static page. The body keeps only the page allow-list (scripts, styles, event handlers… removed); slug from the title when empty; a taken slug → 409. Audited (page.create).',
      schema: { body: createSitePageSchema, response: { 201: envelope(sitePageSchema) } },
    },
    adminPageUpdate: {
      method: 'PUT',
      path: '/admin/posts/:id',
      access: 'admin',
      description: 'Operator: change a static page (any subset of its fields; body sanitised as on create). Audited (page.update).',
      schema: { params: uuidParamSchema, body: updateSitePageSchema, response: { 200: envelope(sitePageSchema) } },
    },
    adminPageRemove: {
      method: 'DELETE',
      path: '/admin/posts/:id',
      access: 'admin',
      description: 'Operator: delete a static page. Audited (page.delete).',
      schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
    },
    adminPromos: {
      method: 'GET',
      path: '/admin/site-promo',
      access: 'admin',
      description: 'Operator: every promo; filters position and state (scheduled, running, ended); q searches the title.',
      schema: { querystring: adminPromoQuerySchema, response: { 200: listEnvelope(promoSchema) } },
    },
    adminPromoCreate: {
      method: 'POST',
      path: '/admin/site-promo',
      access: 'admin',
      description: 'Operator: a new promo (an image uploaded as kind promo, link, position, start and end: end after start → else 400 on endAt). Audited (promo.create).',
      schema: { body: createPromoSchema, response: { 201: envelope(promoSchema) } },
    },
    adminPromoUpdate: {
      method: 'PUT',
      path: '/admin/site-promo/:id',
      access: 'admin',
      description: 'Operator: change a promo (any subset; the end must stay after the start). Audited (promo.update).',
      schema: { params: uuidParamSchema, body: updatePromoSchema, response: { 200: envelope(promoSchema) } },
    },
    adminPromoRemove: {
      method: 'DELETE',
      path: '/admin/site-promo/:id',
      access: 'admin',
      description: 'Operator: delete a promo. Audited (promo.delete).',
      schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
    },
    adminImageUpload: {
      method: 'POST',
      path: '/admin/site/images/upload',
      access: 'admin',
      description:
        'Operator: a picture for the site — multipart `file` (JPEG, PNG, WebP, GIF, AVIF) and field `kind`: logo (≤ 600×200), favicon (PNG, 64×64) or promo (≤ 1920 wide). Stored public; answers its id and address (set it as logoUrl/darkmodeLogoUrl/favicon, or a promo\'s imageId).',
      schema: { consumes: ['multipart/form-data'], response: { 200: envelope(siteImageSchema) } },
    },
    adminContactList: {
      method: 'GET',
      path: '/admin/contact',
      access: 'admin',
      description: 'Operator: the contact inbox, newest first; filter status (new, read, answered); q searches name, e-mail and message.',
      schema: { querystring: adminContactQuerySchema, response: { 200: listEnvelope(contactMessageSchema) } },
    },
    adminContactGet: {
      method: 'GET',
      path: '/admin/contact/:id',
      access: 'admin',
      description: 'Operator: one contact message (reading it does not change its state: PUT …/read does).',
      schema: { params: uuidParamSchema, response: { 200: envelope(contactMessageSchema) } },
    },
    adminContactRead: {
      method: 'PUT',
      path: '/admin/contact/:id/read',
      access: 'admin',
      description: 'Operator: mark a message read (read=true) or new again (false); an answered message stays answered. Audited (contact.read / contact.unread) when the state changes.',
      schema: { params: uuidParamSchema, body: contactReadBodySchema, response: { 200: envelope(contactMessageSchema) } },
    },
    adminContactAnswer: {
      method: 'POST',
      path: '/admin/contact/:id/answer',
      access: 'admin',
      description: 'Operator: answer a message once (a second answer → 409): stored, and e-mailed to the sender by a background job. Audited (contact.answer).',
      schema: { params: uuidParamSchema, body: contactAnswerBodySchema, response: { 200: envelope(contactMessageSchema) } },
    },
  }),
};
