import { routes } from '@stagepass/shared/routes';
import { CONTACT_SENT, SITE_IMAGE_KINDS, type SiteImageKind } from '@stagepass/shared';
import { auditActor } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { receiveMultipart } from '../../platform/uploads';
import type { ContactService } from './site.contact';
import type { SitePagesService } from './site.pages';
import type { SitePromosService } from './site.promos';

/** What the site routes are given by the composition root (by closure). */
export interface SiteRoutesDeps {
  contact: ContactService;
  pages: SitePagesService;
  promos: SitePromosService;
  /** POST /contact: messages per client address per hour (429 beyond). */
  contactLimit?: number;
}

/** Contact messages one client address may send per hour. */
export const CONTACT_RATE_LIMIT = 5;

/** Spec §7 Posts, Site promo, POST /contact. Contracts: packages/shared/src/routes/site.ts. */
export const siteRoutes = (deps: SiteRoutesDeps) => async (app: ZodApp) => {
  const { contact, pages, promos } = deps;
  const r = routes.site;

  // Public
  handle(app, r.pageSearch, async (req) => ({ data: await pages.search(req.query) }));
  handle(app, r.pageGet, async (req) => ({ data: await pages.getPublished(req.params.id) }));
  handle(app, r.promoSearch, async (req) => ({ data: await promos.search(req.query) }));
  handle(
    app,
    r.contact,
    async (req, reply) => {
      await contact.send(req.body, { userId: req.user?.id ?? null, ip: req.ip || null });
      return reply.status(201).send({ data: { success: true as const, message: CONTACT_SENT } });
    },
    { config: { rateLimit: { max: deps.contactLimit ?? CONTACT_RATE_LIMIT, timeWindow: '1 hour' } } },
  );

  // Operator: static pages
  handle(app, r.adminPages, async (req) => ({ data: await pages.adminList(req.query) }));
  handle(app, r.adminPageGet, async (req) => ({ data: await pages.adminGet(req.params.id) }));
  handle(app, r.adminPageCreate, async (req, reply) => reply.status(201).send({ data: await pages.create(req.body, auditActor(req)) }));
  handle(app, r.adminPageUpdate, async (req) => ({ data: await pages.update(req.params.id, req.body, auditActor(req)) }));
  handle(app, r.adminPageRemove, async (req) => {
    await pages.remove(req.params.id, auditActor(req));
    return { data: { success: true as const } };
  });

  // Operator: promos and site pictures
  handle(app, r.adminPromos, async (req) => ({ data: await promos.adminList(req.query) }));
  handle(app, r.adminPromoCreate, async (req, reply) => reply.status(201).send({ data: await promos.create(req.body, auditActor(req)) }));
  handle(app, r.adminPromoUpdate, async (req) => ({ data: await promos.update(req.params.id, req.body, auditActor(req)) }));
  handle(app, r.adminPromoRemove, async (req) => {
    await promos.remove(req.params.id, auditActor(req));
    return { data: { success: true as const } };
  });
  handle(app, r.adminImageUpload, async (req) => {
    const upload = await receiveMultipart(req, { files: { file: 'image' }, maxFiles: 1 });
    try {
      const kind = upload.fields.kind;
      if (!SITE_IMAGE_KINDS.includes(kind as SiteImageKind)) throw badRequest('Invalid image kind', [{ field: 'kind', message: `One of: ${SITE_IMAGE_KINDS.join(', ')}` }]);
      const file = upload.files[0];
      if (!file) throw badRequest('Attach an image in the `file` field', [{ field: 'file', message: 'Required' }]);
      return { data: await promos.storeImage(auditActor(req), kind as SiteImageKind, file) };
    } finally {
      await upload.cleanup();
    }
  });

  // Operator: contact inbox
  handle(app, r.adminContactList, async (req) => ({ data: await contact.list(req.query) }));
  handle(app, r.adminContactGet, async (req) => ({ data: await contact.get(req.params.id) }));
  handle(app, r.adminContactRead, async (req) => ({ data: await contact.markRead(req.params.id, req.body.read, auditActor(req)) }));
  handle(app, r.adminContactAnswer, async (req) => ({ data: await contact.answer(req.params.id, req.body.answer, auditActor(req)) }));
};
