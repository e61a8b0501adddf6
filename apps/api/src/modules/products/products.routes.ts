import { PRODUCT_MAX_IMAGES, createProductSchema, updateProductSchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { badRequest, zodDetails } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { receiveMultipart } from '../../platform/uploads';
import type { FastifyRequest } from 'fastify';
import type { ProductsService } from './products.service';
import { attachmentHeader, type ProductDownloads } from './products.downloads';

/** What the products routes are given by the composition root (by closure). */
export interface ProductsRoutesDeps {
  products: ProductsService;
  downloads: ProductDownloads;
}

/** The multipart of create/update: `image` files (images, by content) and one `digitalFile` (any type). */
const receiveProduct = (req: FastifyRequest) => receiveMultipart(req, { files: { image: 'image', digitalFile: 'file' }, maxFiles: PRODUCT_MAX_IMAGES + 1 });

/** Spec §7 Products. Thin: contract (packages/shared/src/routes/products.ts), service. Rules: README.md beside this file. */
export const productsRoutes = (deps: ProductsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.products;
  const r = routes.products;

  // ----------------------------------------------------------- creator

  handle(app, r.create, async (req) => {
    const user = currentUser(req);
    const upload = await receiveProduct(req);
    try {
      const parsed = createProductSchema.safeParse(upload.fields);
      if (!parsed.success) throw badRequest('Some fields are not valid', zodDetails(parsed.error));
      return { data: await svc.toView(user, await svc.create(user, parsed.data, upload.files)) };
    } finally {
      await upload.cleanup();
    }
  });

  handle(app, r.update, async (req) => {
    const user = currentUser(req);
    // Another creator's product is 404 before any upload is read.
    await svc.own(user, req.params.id);
    const upload = await receiveProduct(req);
    try {
      const parsed = updateProductSchema.safeParse(upload.fields);
      if (!parsed.success) throw badRequest('Some fields are not valid', zodDetails(parsed.error));
      return { data: await svc.toView(user, await svc.update(user, req.params.id, parsed.data, upload.files)) };
    } finally {
      await upload.cleanup();
    }
  });

  handle(app, r.searchOwn, async (req) => {
    const user = currentUser(req);
    const { rows, total } = await svc.searchOwn(user, req.query);
    return { data: { data: await svc.toViews(user, rows), total } };
  });

  handle(app, r.viewOwn, async (req) => {
    const user = currentUser(req);
    return { data: await svc.toView(user, await svc.own(user, req.params.id)) };
  });

  handle(app, r.remove, async (req) => {
    await svc.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });

  // ----------------------------------------------------------- fans

  handle(app, r.search, async (req) => {
    const { rows, total } = await svc.search(req.user, req.query);
    return { data: { data: await svc.toViews(req.user, rows), total } };
  });

  handle(app, r.get, async (req) => {
    const row = await svc.countView(req.user, await svc.readable(req.user, req.params.id));
    return { data: await svc.toView(req.user, row) };
  });

  handle(app, r.downloadLink, async (req) => ({ data: await deps.downloads.link(currentUser(req), req.params.id) }));

  handle(app, r.download, async (req, reply) => {
    const file = await deps.downloads.open(req.params.id, req.query.token);
    reply.header('Content-Type', file.mimeType);
    reply.header('Content-Length', file.size);
    reply.header('Content-Disposition', attachmentHeader(file.fileName));
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    // The link's token is in the URL: never hand it on as a referrer.
    reply.header('Referrer-Policy', 'no-referrer');
    return reply.send(file.stream);
  });
};
