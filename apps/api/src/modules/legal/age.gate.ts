import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runWithAgeContext } from '../../platform/age-context';
import type { GeoService } from '../geo/geo.service';
import type { AgeService, AgeViewer } from './age.service';

/** The caller as the place rule sees it: the session's account and the request address's country (looked up once, only if needed). */
export function ageViewerOf(req: FastifyRequest, geo: Pick<GeoService, 'countryOfRequest'>): AgeViewer {
  let country: Promise<string | null> | null = null;
  return { user: req.user ?? null, requestCountry: () => (country ??= geo.countryOfRequest(req)) };
}

/**
 * The age check of every request (README "Age assurance"), after the session lookup and the terms
 * gate, once the body is read: whether adult content is withheld from the caller, set as the
 * request's age state (platform/age-context.ts) for every query its handler builds. No query: the
 * places come from the settings cache, the account's status and country from the session's row,
 * the address's country from the offline database (only when places are listed and the account's
 * own country did not decide).
 */
export function registerAgeGate(app: FastifyInstance, age: Pick<AgeService, 'restricted'>, geo: Pick<GeoService, 'countryOfRequest'>) {
  app.addHook('preHandler', (req, _reply, done) => {
    age.restricted(ageViewerOf(req, geo)).then((restricted) => runWithAgeContext({ restricted }, () => done()), done);
  });
}
