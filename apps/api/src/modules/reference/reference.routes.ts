import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  citySchema, countrySchema, envelope, languageSchema, phoneCodeSchema, recaptchaSchema, stateSchema, userAdditionalSchema,
} from '@stagepass/shared';
import { notFound } from '../../platform/errors';
import {
  flagFile, getUserAdditional, listCities, listCountries, listLanguages, listPhoneCodes, listStates, verifyRecaptcha,
} from './reference.service';
import type { Config } from '../../config';
import type { SettingsService } from '../settings/settings.service';

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Must be a two-letter ISO country code')
  .transform((s) => s.toUpperCase());
const stateCode = z.string().regex(/^[A-Za-z0-9-]{1,10}$/, 'Not a state code');

/** Reference lists change only with a deploy: let browsers and CDNs keep them for an hour. */
const LIST_CACHE = 'public, max-age=3600';
/** Flag files change only when the package is upgraded. */
const FLAG_CACHE = 'public, max-age=2592000, immutable';

/** What the reference routes are given by the composition root (by closure). */
export interface ReferenceRoutesDeps {
  config: Config;
  settings: SettingsService;
}

export const referenceRoutes = (deps: ReferenceRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['reference'];

  app.get(
    '/countries/list',
    { schema: { tags, description: 'Every country (ISO 3166-1), sorted by name; `flag` is an SVG served by GET /flags/{code}.svg.', response: { 200: envelope(z.array(countrySchema)) } } },
    async (_req, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { data: listCountries(deps.config.PUBLIC_API_URL) };
    },
  );

  app.get(
    '/flags/:code.svg',
    { schema: { tags, description: 'A country\'s flag (SVG, 3:2). 404 when there is none.', params: z.object({ code: countryCode }) } },
    async (req, reply) => {
      const file = flagFile(req.params.code);
      if (!file) throw notFound('No flag for this country');
      return reply
        .type('image/svg+xml')
        .header('cache-control', FLAG_CACHE)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(fs.createReadStream(file));
    },
  );

  app.get(
    '/states/:country',
    { schema: { tags, description: 'States / provinces of a country, sorted by name; [] for an unknown country.', params: z.object({ country: countryCode }), response: { 200: envelope(z.array(stateSchema)) } } },
    async (req, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { data: await listStates(req.params.country) };
    },
  );

  app.get(
    '/cities/:country/:state',
    { schema: { tags, description: 'Cities of one state, sorted by name; [] for an unknown country or state.', params: z.object({ country: countryCode, state: stateCode }), response: { 200: envelope(z.array(citySchema)) } } },
    async (req, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { data: await listCities(req.params.country, req.params.state) };
    },
  );

  app.get(
    '/languages/list',
    { schema: { tags, description: 'ISO 639-1 languages, sorted by English name.', response: { 200: envelope(z.array(languageSchema)) } } },
    async (_req, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { data: listLanguages() };
    },
  );

  app.get(
    '/phone-codes/list',
    { schema: { tags, description: 'International dial codes ("+44"), one entry per code, sorted by country name.', response: { 200: envelope(z.array(phoneCodeSchema)) } } },
    async (_req, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { data: listPhoneCodes() };
    },
  );

  app.get(
    '/user-additional',
    { schema: { tags, description: 'Option lists for profile fields (gender, orientation, height, weight…).', response: { 200: envelope(userAdditionalSchema) } } },
    async (_req, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return { data: getUserAdditional() };
    },
  );

  app.post(
    '/re-captcha/verify',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        description: 'Checks a reCAPTCHA token. Setting `recaptchaEnabled` off → `{success: true, skipped: true}`. Refused token → 400; provider unreachable or site misconfigured → 503.',
        body: recaptchaSchema,
        response: { 200: envelope(z.object({ success: z.boolean(), skipped: z.boolean().optional() })) },
      },
    },
    async (req) => {
      try {
        return { data: await verifyRecaptcha(deps, req.body.token, req.ip) };
      } catch (err) {
        if (err instanceof Error && err.cause) req.log.warn({ err: err.cause }, 'reCAPTCHA provider unreachable');
        throw err;
      }
    },
  );
};
