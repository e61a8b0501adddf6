import { routes } from '@stagepass/shared/routes';
import { auditActor, operatorRead } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { AGE_MESSAGES } from '@stagepass/shared';
import { badRequest, unprocessable } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { receiveMultipart } from '../../platform/uploads';
import type { GeoService } from '../geo/geo.service';
import { ageViewerOf } from './age.gate';
import type { AgeReview } from './age.review';
import type { AgeService } from './age.service';

/** What the age routes are given by the composition root (by closure). */
export interface AgeRoutesDeps {
  age: AgeService;
  review: AgeReview;
  geo: Pick<GeoService, 'countryOfRequest'>;
}

/** Issue 28 §1 age assurance by country. Contracts: packages/shared/src/routes/age.ts. */
export const ageRoutes = (deps: AgeRoutesDeps) => async (app: ZodApp) => {
  const { age, review, geo } = deps;
  const r = routes.age;
  const signedIn = (req: Parameters<typeof currentUser>[0]) => ({ ...ageViewerOf(req, geo), user: currentUser(req) });

  handle(app, r.state, async (req) => ({ data: await age.state(ageViewerOf(req, geo)) }));

  handle(app, r.submitManual, async (req, reply) => {
    if (age.provider !== 'manual') throw unprocessable(AGE_MESSAGES.wrongProvider);
    const upload = await receiveMultipart(req, { files: { idPhoto: 'image', selfie: 'image' }, maxFiles: 2 });
    try {
      const idPhoto = upload.files.find((f) => f.field === 'idPhoto');
      const selfie = upload.files.find((f) => f.field === 'selfie');
      const missing = [!idPhoto && { field: 'idPhoto', message: 'Attach a photo of your ID' }, !selfie && { field: 'selfie', message: 'Attach a selfie' }].filter((x) => x !== false);
      if (missing.length || !idPhoto || !selfie) throw badRequest('Attach a photo of your ID and a selfie', missing);
      return reply.status(201).send({ data: await age.submitManual(signedIn(req), idPhoto, selfie) });
    } finally {
      await upload.cleanup();
    }
  });

  handle(app, r.startSession, async (req) => ({ data: await age.startSession(signedIn(req)) }));
  handle(app, r.adultProfile, async (req) => ({ data: await age.setAdultProfile(signedIn(req), req.body.adult) }));

  // The provider's call back is signed over its exact bytes: a child context keeps the body a Buffer.
  await app.register(async (hook: ZodApp) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    handle(hook, r.webhook, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const sig = req.headers['x-age-signature'];
      const { duplicate } = await age.webhook(raw, typeof sig === 'string' ? sig : undefined);
      return duplicate ? { received: true as const, duplicate: true } : { received: true as const };
    });
  });

  handle(app, r.adminQueue, async (req) => ({ data: await review.queue(req.query, operatorRead(req)) }));
  handle(app, r.adminApprove, async (req) => ({ data: await review.approve(req.params.id, auditActor(req)) }));
  handle(app, r.adminReject, async (req) => ({ data: await review.reject(req.params.id, auditActor(req), req.body) }));
};
