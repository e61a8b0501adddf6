import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { countries, continents, languages, type ICountry, type TCountryCode, type TLanguageCode } from 'countries-list';
import { currencies } from 'countries-list/currencies';
import { z } from 'zod';
import {
  GENDERS, GENDER_LABELS, ORIENTATIONS,
  type citySchema, type countrySchema, type languageSchema, type phoneCodeSchema, type stateSchema, type userAdditionalSchema,
} from '@stagepass/shared';
import type { Config } from '../../config';
import type { SettingsService } from '../settings/settings.service';
import { HttpError, badRequest } from '../../platform/errors';

/**
 * Reference data: countries, states, cities, languages, phone codes and profile option lists.
 * Everything comes from npm packages shipped with the app (no network), is computed on first use
 * and kept in this module for the life of the process. It is static data, identical on every node,
 * so a per-process cache is correct (nothing here needs a shared cache).
 */

export type Country = z.infer<typeof countrySchema>;
export type State = z.infer<typeof stateSchema>;
export type City = z.infer<typeof citySchema>;
export type Language = z.infer<typeof languageSchema>;
export type PhoneCode = z.infer<typeof phoneCodeSchema>;
export type Option = { value: string; text: string };
export type UserAdditional = z.infer<typeof userAdditionalSchema>;

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Flags: SVG files of `country-flag-icons` (3:2), served by GET /flags/{code}.svg
// ---------------------------------------------------------------------------------------------

let flagDir: string | null = null;
let flagCodes: Set<string> | null = null;

/** Directory holding `<CODE>.svg` files, and the codes present there (read once). */
function flags(): { dir: string; codes: Set<string> } {
  if (!flagDir || !flagCodes) {
    flagDir = path.join(path.dirname(require.resolve('country-flag-icons/package.json')), '3x2');
    flagCodes = new Set(fs.readdirSync(flagDir).filter((f) => /^[A-Z]{2}\.svg$/.test(f)).map((f) => f.slice(0, 2)));
  }
  return { dir: flagDir, codes: flagCodes };
}

/** Absolute path of a country's SVG flag, or null when there is none. `code` is two letters. */
export function flagFile(code: string): string | null {
  const upper = code.toUpperCase();
  const { dir, codes } = flags();
  return codes.has(upper) ? path.join(dir, `${upper}.svg`) : null;
}

/** The public address of a flag served by this API ('' when the country has no flag). */
export function flagUrl(apiBase: string, code: string): string {
  return flagFile(code) ? `${apiBase.replace(/\/+$/, '')}/flags/${code.toUpperCase()}.svg` : '';
}

// ---------------------------------------------------------------------------------------------
// Countries, languages, phone codes (countries-list, ~0.5 MB)
// ---------------------------------------------------------------------------------------------

const countryEntries = () =>
  (Object.entries(countries) as Array<[TCountryCode, ICountry]>).sort((a, b) => a[1].name.localeCompare(b[1].name, 'en'));

/** Everything but the flag address, which depends on the API's public URL. */
let countryBase: Array<Omit<Country, 'flag'>> | null = null;
const countryLists = new Map<string, Country[]>();

export function listCountries(apiBase: string): Country[] {
  const cached = countryLists.get(apiBase);
  if (cached) return cached;
  countryBase ??= countryEntries().map(([code, c]) => {
    const currencyCode = c.currency[0];
    const currency = currencyCode ? currencies[currencyCode] : undefined;
    const languageCode: TLanguageCode | undefined = c.languages[0];
    const language = languageCode ? languages[languageCode] : undefined;
    return {
      name: c.name,
      code,
      capital: c.capital,
      region: continents[c.continent],
      currency: { code: currencyCode ?? '', name: currency?.name ?? '', symbol: currency?.symbol ?? '' },
      language: { code: languageCode ?? '', name: language?.name ?? '' },
    };
  });
  const list = countryBase.map((c) => ({ ...c, flag: flagUrl(apiBase, c.code) }));
  countryLists.set(apiBase, list);
  return list;
}

let languageList: Language[] | null = null;
export function listLanguages(): Language[] {
  languageList ??= Object.entries(languages)
    .map(([code, l]) => ({ code, name: l.name, nativeName: l.native }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return languageList;
}

let phoneCodeList: PhoneCode[] | null = null;
/**
 * One entry per dial code, sorted by country name: a few countries have several (the Dominican
 * Republic has +1809, +1829 and +1849), so `countryCode` alone is not unique — key by both.
 */
export function listPhoneCodes(): PhoneCode[] {
  phoneCodeList ??= countryEntries().flatMap(([code, c]) =>
    c.phone.map((p) => ({ countryCode: code, name: c.name, dialCode: `+${p}` })),
  );
  return phoneCodeList;
}

// ---------------------------------------------------------------------------------------------
// States and cities (country-state-city: ~17 MB on disk, ~80 MB in memory once loaded), so it
// is imported on first use, not at start: nodes and tests that never ask for them never pay.
// ---------------------------------------------------------------------------------------------

type Csc = typeof import('country-state-city');
let csc: Promise<Csc> | null = null;
const loadCsc = () => (csc ??= import('country-state-city'));

const stateLists = new Map<string, State[]>();
const cityLists = new Map<string, City[]>();

/** States (provinces, regions…) of a country by ISO code; [] for an unknown country. */
export async function listStates(countryCode: string): Promise<State[]> {
  const country = countryCode.toUpperCase();
  const cached = stateLists.get(country);
  if (cached) return cached;
  const { State } = await loadCsc();
  const list = State.getStatesOfCountry(country)
    .map((s) => ({ name: s.name, code: s.isoCode, countryCode: s.countryCode }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  stateLists.set(country, list);
  return list;
}

/** Cities of one state (a few thousand at most); [] for an unknown country or state. */
export async function listCities(countryCode: string, stateCode: string): Promise<City[]> {
  const country = countryCode.toUpperCase();
  const state = stateCode.toUpperCase();
  const key = `${country}/${state}`;
  const cached = cityLists.get(key);
  if (cached) return cached;
  const { City } = await loadCsc();
  const list = City.getCitiesOfState(country, state)
    .map((c) => ({ name: c.name, stateCode: c.stateCode, countryCode: c.countryCode }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  cityLists.set(key, list);
  return list;
}

// ---------------------------------------------------------------------------------------------
// Profile option lists (GET /user-additional)
// ---------------------------------------------------------------------------------------------

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const options = (values: readonly string[]): Option[] => values.map((value) => ({ value, text: capitalise(value) }));
const labelled = (pairs: ReadonlyArray<readonly [string, string]>): Option[] => pairs.map(([value, text]) => ({ value, text }));

/** Heights 4'7" (140 cm) … 7'0" (213 cm), one inch apart; value in centimetres. */
function heights(): Option[] {
  const list: Option[] = [];
  for (let inches = 55; inches <= 84; inches++) {
    const cm = Math.round(inches * 2.54);
    list.push({ value: String(cm), text: `${Math.floor(inches / 12)}'${inches % 12}" (${cm} cm)` });
  }
  return list;
}

/** Weights 40 … 150 kg, 5 kg apart; value in kilograms. */
function weights(): Option[] {
  const list: Option[] = [];
  for (let kg = 40; kg <= 150; kg += 5) list.push({ value: String(kg), text: `${kg} kg (${Math.round(kg * 2.20462)} lbs)` });
  return list;
}

let userAdditional: UserAdditional | null = null;
export function getUserAdditional(): UserAdditional {
  userAdditional ??= {
    genders: labelled(GENDERS.map((g) => [g, GENDER_LABELS[g]] as const)),
    orientations: options(ORIENTATIONS),
    heights: heights(),
    weights: weights(),
    ethnicities: labelled([
      ['asian', 'Asian'], ['black', 'Black'], ['latina', 'Hispanic / Latino'], ['middle-eastern', 'Middle Eastern'],
      ['mixed', 'Mixed'], ['native-american', 'Native American'], ['pacific-islander', 'Pacific Islander'],
      ['south-asian', 'South Asian'], ['white', 'White'], ['other', 'Other'],
    ]),
    bodyTypes: labelled([
      ['slim', 'Slim'], ['petite', 'Petite'], ['athletic', 'Athletic'], ['average', 'Average'], ['muscular', 'Muscular'],
      ['curvy', 'Curvy'], ['bbw', 'Plus size'], ['other', 'Other'],
    ]),
    eyes: options(['amber', 'blue', 'brown', 'gray', 'green', 'hazel', 'other']),
    hairs: options(['black', 'blonde', 'brown', 'auburn', 'red', 'gray', 'white', 'bald', 'other']),
    butts: options(['small', 'medium', 'large', 'extra large']),
  };
  return userAdditional;
}

// ---------------------------------------------------------------------------------------------
// reCAPTCHA (POST /re-captcha/verify, and reusable by sign-up / login)
// ---------------------------------------------------------------------------------------------

export const RECAPTCHA_FAILED = 'reCAPTCHA verification failed';
export const RECAPTCHA_UNAVAILABLE = 'The reCAPTCHA service could not be reached, please try again in a moment';
export const RECAPTCHA_MISCONFIGURED = 'reCAPTCHA is enabled but not configured correctly on this site';
const RECAPTCHA_TIMEOUT_MS = 5000;

const siteverifyAnswer = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });

export interface RecaptchaResult { success: boolean; skipped?: boolean }

/**
 * Checks a reCAPTCHA response token with the provider (config.RECAPTCHA_VERIFY_URL, Google's
 * siteverify by default) when the `recaptchaEnabled` setting is on.
 * - disabled → `{success: true, skipped: true}` without any call;
 * - the provider accepts the token → `{success: true}`;
 * - empty token or the provider refuses it → throws 400 'reCAPTCHA verification failed';
 * - no secret key set, or the provider rejects our secret → throws 503 (operator's mistake);
 * - the provider cannot be reached within 5 s or answers nonsense → throws 503.
 */
export async function verifyRecaptcha(
  ctx: { config: Pick<Config, 'RECAPTCHA_VERIFY_URL'>; settings: SettingsService },
  token: string | null | undefined,
  ip?: string | null,
): Promise<RecaptchaResult> {
  if (!(await ctx.settings.get('recaptchaEnabled'))) return { success: true, skipped: true };
  const secret = await ctx.settings.get('recaptchaSecretKey');
  if (!secret) throw new HttpError(503, RECAPTCHA_MISCONFIGURED);
  if (!token || !token.trim()) throw badRequest(RECAPTCHA_FAILED, [{ field: 'token', message: RECAPTCHA_FAILED }]);

  const form = new URLSearchParams({ secret, response: token.trim() });
  if (ip) form.set('remoteip', ip);
  let answer: z.infer<typeof siteverifyAnswer>;
  try {
    const res = await fetch(ctx.config.RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
    answer = siteverifyAnswer.parse(await res.json());
  } catch (err) {
    throw Object.assign(new HttpError(503, RECAPTCHA_UNAVAILABLE), { cause: err });
  }
  if (answer.success) return { success: true };
  const codes = answer['error-codes'] ?? [];
  if (codes.some((c) => c === 'invalid-input-secret' || c === 'missing-input-secret')) {
    throw new HttpError(503, RECAPTCHA_MISCONFIGURED);
  }
  throw badRequest(RECAPTCHA_FAILED, [{ field: 'token', message: RECAPTCHA_FAILED }]);
}
