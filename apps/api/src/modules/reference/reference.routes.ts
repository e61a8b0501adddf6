import fs from 'node:fs';
import { routes } from '@stagepass/shared/routes';
import { notFound } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import {
  flagFile, getUserAdditional, listCities, listCountries, listLanguages, listPhoneCodes, listStates, verifyRecaptcha,
} from './reference.service';
import type { Config } from '../../config';
import type { SettingsService } from '../settings/settings.service';

/** Reference lists change only with a deploy: let browsers and CDNs keep them for an hour. */
const LIST_CACHE = 'public, max-age=3600';
/** Flag files change only when the package is upgraded. */
const FLAG_CACHE = 'public, max-age=2592000, immutable';

/** What the reference routes are given by the composition root (by closure). */
export interface ReferenceRoutesDeps {
  config: Config;
  settings: SettingsService;
}

/** Spec §7 Reference data. Contracts: packages/shared/src/routes/reference.ts. */
export const referenceRoutes = (deps: ReferenceRoutesDeps) => async (app: ZodApp) => {
  const r = routes.reference;

  handle(app, r.countries, async (_req, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { data: listCountries(deps.config.PUBLIC_API_URL) };
  });

  handle(app, r.flag, async (req, reply) => {
    const file = flagFile(req.params.code);
    if (!file) throw notFound('No flag for this country');
    return reply
      .type('image/svg+xml')
      .header('cache-control', FLAG_CACHE)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(fs.createReadStream(file));
  });

  handle(app, r.states, async (req, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { data: await listStates(req.params.country) };
  });

  handle(app, r.cities, async (req, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { data: await listCities(req.params.country, req.params.state) };
  });

  handle(app, r.languages, async (_req, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { data: listLanguages() };
  });

  handle(app, r.phoneCodes, async (_req, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { data: listPhoneCodes() };
  });

  handle(app, r.userAdditional, async (_req, reply) => {
    reply.header('cache-control', LIST_CACHE);
    return { data: getUserAdditional() };
  });

  handle(app, r.verifyRecaptcha, async (req) => {
    try {
      return { data: await verifyRecaptcha(deps, req.body.token, req.ip) };
    } catch (err) {
      if (err instanceof Error && err.cause) req.log.warn({ err: err.cause }, 'reCAPTCHA provider unreachable');
      throw err;
    }
  }, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } });
};
