import '../zod-config';
import { z } from 'zod';
import { envelope } from '../api';
import { citySchema, countrySchema, languageSchema, phoneCodeSchema, stateSchema, userAdditionalSchema } from '../reference';
import { recaptchaSchema } from '../users';
import { defineRoutes } from './define';

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Must be a two-letter ISO country code')
  .transform((s) => s.toUpperCase());
const stateCode = z.string().regex(/^[A-Za-z0-9-]{1,10}$/, 'Not a state code');

/** Spec §7 Reference data: countries, flags, states, cities, languages, dial codes, profile options, reCAPTCHA. */
export const reference = defineRoutes('reference', {
  countries: {
    method: 'GET',
    path: '/countries/list',
    access: 'anyone',
    description: 'Every country (ISO 3166-1), sorted by name; `flag` is an SVG served by GET /flags/{code}.svg.',
    schema: { response: { 200: envelope(z.array(countrySchema)) } },
  },
  flag: {
    method: 'GET',
    path: '/flags/:code.svg',
    access: 'anyone',
    description: "A country's flag (SVG, 3:2). 404 when there is none.",
    schema: { params: z.object({ code: countryCode }) },
  },
  states: {
    method: 'GET',
    path: '/states/:country',
    access: 'anyone',
    description: 'States / provinces of a country, sorted by name; [] for an unknown country.',
    schema: { params: z.object({ country: countryCode }), response: { 200: envelope(z.array(stateSchema)) } },
  },
  cities: {
    method: 'GET',
    path: '/cities/:country/:state',
    access: 'anyone',
    description: 'Cities of one state, sorted by name; [] for an unknown country or state.',
    schema: { params: z.object({ country: countryCode, state: stateCode }), response: { 200: envelope(z.array(citySchema)) } },
  },
  languages: {
    method: 'GET',
    path: '/languages/list',
    access: 'anyone',
    description: 'ISO 639-1 languages, sorted by English name.',
    schema: { response: { 200: envelope(z.array(languageSchema)) } },
  },
  phoneCodes: {
    method: 'GET',
    path: '/phone-codes/list',
    access: 'anyone',
    description: 'International dial codes ("+44"), one entry per code, sorted by country name.',
    schema: { response: { 200: envelope(z.array(phoneCodeSchema)) } },
  },
  userAdditional: {
    method: 'GET',
    path: '/user-additional',
    access: 'anyone',
    description: 'Option lists for profile fields (gender, orientation, height, weight…).',
    schema: { response: { 200: envelope(userAdditionalSchema) } },
  },
  verifyRecaptcha: {
    method: 'POST',
    path: '/re-captcha/verify',
    access: 'anyone',
    description: 'Checks a reCAPTCHA token. Setting `recaptchaEnabled` off → `{success: true, skipped: true}`. Refused token → 400; provider unreachable or site misconfigured → 503.',
    schema: { body: recaptchaSchema, response: { 200: envelope(z.object({ success: z.boolean(), skipped: z.boolean().optional() })) } },
  },
});
