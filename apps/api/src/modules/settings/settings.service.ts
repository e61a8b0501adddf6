import { inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS, PUBLIC_SETTING_KEYS, SECRET_SETTING_KEYS, SETTINGS, checkSettingConsistency, isSettingKey,
  type PublicSettings, type SettingKey, type SettingValue, type SettingsMap,
} from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import { settings } from './settings.tables';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import { MESSAGES as RANGE_MESSAGES, toMinor } from '@stagepass/shared';
import { zodDetails } from '../../platform/errors';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { CacheBus } from '../../platform/cache-bus';

/** Advisory lock id serialising settings writes (any constant; "stgp" in ASCII). */
const SETTINGS_LOCK = 0x73746770;

/** What GET /admin/settings shows instead of a stored secret. */
export const SECRET_MASK = '********';

/** What SettingsService is built with (by the composition root, root.ts). */
export interface SettingsDeps {
  db: Db;
  /** Tells every API node to drop its cached settings after a write (Redis pub/sub with REDIS_URL). */
  bus?: CacheBus;
  /** How long a read stays cached in this process (default 3 s): the bound on staleness when a signal is lost. */
  ttlMs?: number;
}

/** The cache-bus topic of a settings write. */
const CACHE_TOPIC = 'settings';
/** What the audit log keeps of a secret: whether it is set, never its value. */
const SECRET_IN_AUDIT = '[secret]';


/**
 * Settings: defaults from packages/shared, overridden by rows in `settings`. Reads are cached for a
 * few seconds per process; a write clears the cache of every node once it commits (this node at
 * once, the others through the cache bus), and the TTL bounds staleness if a signal is lost.
 */
export class SettingsService {
  private cache: { at: number; values: SettingsMap } | null = null;
  /** Bumped by every drop: a read that started before a drop is not kept. */
  private epoch = 0;
  private readonly ttlMs: number;
  constructor(private deps: SettingsDeps) {
    this.ttlMs = deps.ttlMs ?? 3000;
    deps.bus?.subscribe(CACHE_TOPIC, () => this.drop());
  }

  private drop(): void {
    this.epoch++;
    this.cache = null;
  }

  /** Drops the cached settings on every node (after a write committed). */
  private async changed(): Promise<void> {
    if (this.deps.bus) await this.deps.bus.publish(CACHE_TOPIC);
    else this.drop();
  }

  /**
   * `db`: read through this connection when the cache is stale — pass the transaction when
   * calling from inside one (on PGlite a query outside the open transaction would wait for it).
   */
  /** 400 on `field` unless `amount` (decimal) lies within the site's `minKey..maxKey` settings. */
  async checkAmountRange(what: string, field: string, amount: number, minKey: 'minimumWalletPrice' | 'minimumTipPrice' | 'minimumSubscriptionPrice', maxKey: 'maximumWalletPrice' | 'maximumTipPrice' | 'maximumSubscriptionPrice') {
    const s = await this.all();
    const min = s[minKey] as number;
    const max = s[maxKey] as number;
    if (toMinor(amount) < toMinor(min) || toMinor(amount) > toMinor(max)) throw fieldError(field, RANGE_MESSAGES.amountOutOfRange(what, min, max));
  }

  async all(db: DbOrTx = this.deps.db): Promise<SettingsMap> {
    if (this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache.values;
    const epoch = this.epoch;
    const values = await this.load(db);
    if (epoch === this.epoch) this.cache = { at: Date.now(), values };
    return values;
  }

  /** Defaults overlaid with the stored rows, read fresh through `db` (a transaction when given). */
  private async load(db: DbOrTx): Promise<SettingsMap> {
    const rows = await db.select().from(settings);
    const values = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
    for (const r of rows) if (isSettingKey(r.key)) values[r.key] = r.value;
    return values as SettingsMap;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    return (await this.all())[key];
  }

  async public(): Promise<Omit<PublicSettings, 'paymentsSandbox'>> {
    const all = await this.all();
    return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, all[k]])) as Omit<PublicSettings, 'paymentsSandbox'>;
  }

  /** Values of the listed keys that are public; unknown or private keys are left out. */
  async byKeys(keys: string[]): Promise<Record<string, unknown>> {
    const all = await this.all();
    return Object.fromEntries(keys.filter((k) => (PUBLIC_SETTING_KEYS as string[]).includes(k)).map((k) => [k, all[k as SettingKey]]));
  }

  /** Everything, for the operator; secrets are masked (write-only). */
  async forAdmin(): Promise<Record<string, { value: unknown; public: boolean; secret: boolean; description: string }>> {
    const all = await this.all();
    return Object.fromEntries(
      (Object.keys(SETTINGS) as SettingKey[]).map((k) => {
        const secret = SECRET_SETTING_KEYS.includes(k);
        return [k, { value: secret ? (all[k] ? SECRET_MASK : '') : all[k], public: SETTINGS[k].public, secret, description: SETTINGS[k].description }];
      }),
    );
  }

  /**
   * Validates one value (its own schema, then cross-key rules) and stores it. With an `actor` (the
   * console, the CLI: every admin write) the change is audited in the same transaction
   * (`setting.update`, before/after values; a secret as '[secret]' or '' — set or not, never its value).
   */
  async set(key: string, value: unknown, actor?: AuditActor): Promise<unknown> {
    if (!isSettingKey(key)) throw notFound(`Unknown setting '${key}'`);
    // Secrets are write-only: GET /admin/settings shows them as the mask, and a form that sends the
    // mask back unchanged means "keep the stored value", not "store eight asterisks".
    if (SECRET_SETTING_KEYS.includes(key) && value === SECRET_MASK) return (await this.all())[key];
    const parsed = SETTINGS[key].schema.safeParse(value);
    if (!parsed.success) {
      throw badRequest(`Invalid value for ${key}`, zodDetails(parsed.error).map((d) => ({ field: d.field === '_' ? 'value' : `value.${d.field}`, message: d.message })));
    }
    // Check and write under one lock, so two operators (or two API nodes) writing a minimum and its
    // maximum at the same moment cannot cross them.
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK}::bigint)`);
      const current = await this.load(tx);
      const conflictMsg = checkSettingConsistency(current, key, parsed.data);
      if (conflictMsg) throw badRequest(conflictMsg, [{ field: 'value', message: conflictMsg }]);
      if (actor) {
        const shown = (v: unknown) => (SECRET_SETTING_KEYS.includes(key) ? (v ? SECRET_IN_AUDIT : '') : v);
        await recordAudit(tx, actor, { action: 'setting.update', targetType: 'setting', targetId: key, before: { value: shown(current[key]) }, after: { value: shown(parsed.data) } });
      }
      await tx
        .insert(settings)
        .values({ key, value: parsed.data as never })
        .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data as never, updatedAt: sql`now()` } });
    });
    await this.changed();
    return parsed.data;
  }

  async reset(keys: SettingKey[]): Promise<void> {
    if (keys.length) await this.deps.db.delete(settings).where(inArray(settings.key, keys));
    await this.changed();
  }
}
