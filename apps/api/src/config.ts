import { z } from 'zod';
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';

/** The repository root (apps/api/src → ../../..), so DATA_DIR defaults to ./data wherever npm runs. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An optional variable where an empty value (`S3_BUCKET=` in an env file) means unset. */
const unsetIfEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  API_HOST: z.string().default('0.0.0.0'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_API_URL: z.string().url().default('http://localhost:8080'),
  PUBLIC_WEB_URL: z.string().url().default('http://localhost:3000'),
  CORS_ORIGINS: z.string().optional(),
  APP_SECRET: z.string().min(32).optional(),
  /**
   * The key that encrypts co-performer consent records at rest (modules/releases README): 32 bytes,
   * base64. Outside production, when unset, one is generated into DATA_DIR/.records-key (0600) and
   * reused; in production, unset → the records feature is off (its routes answer 503).
   */
  RECORDS_KEY: z.string().optional(),
  /**
   * The key that encrypts tax ids and bank details at rest (apps/api/README.md "Encryption at
   * rest"): 32 bytes, base64. Outside production, when unset, one is generated into
   * DATA_DIR/.data-encryption-key (0600) and reused; in production, unset → tax details and bank
   * details answer 503 (never stored in plain). DATA_ENCRYPTION_KEY_PREVIOUS: older keys (base64,
   * comma-separated) that still open values sealed before a rotation; the API re-seals those under
   * the current key when it starts.
   */
  DATA_ENCRYPTION_KEY: unsetIfEmpty(z.string()),
  DATA_ENCRYPTION_KEY_PREVIOUS: unsetIfEmpty(z.string()),
  /**
   * Web Push (modules/notifications README "Web Push"): `false` turns it off; unset → on outside
   * production, and in production on when the VAPID keys are set; `true` in production without
   * the keys refuses to start.
   */
  WEB_PUSH: unsetIfEmpty(bool),
  /**
   * The site's VAPID key pair (base64url: the P-256 public point, 65 bytes, and the private scalar,
   * 32 bytes — `npx web-push generate-vapid-keys`). Unset outside production → generated once into
   * DATA_DIR/.vapid-keys.json and reused. Changing them ends every device's subscription.
   */
  VAPID_PUBLIC_KEY: unsetIfEmpty(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be the 65-byte public key in base64url')),
  VAPID_PRIVATE_KEY: unsetIfEmpty(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the 32-byte private key in base64url')),
  /** Who push services contact about this sender: a mailto: or https: address; default mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: unsetIfEmpty(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')),
  /** A PEM file of extra certificate authorities trusted when sending to push services (a TLS-inspecting proxy; the tests' stand-in). */
  WEB_PUSH_CA: unsetIfEmpty(z.string()),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Stagepass <no-reply@stagepass.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  TWITTER_API_URL: z.string().url().default('https://api.twitter.com'),
  /** How long a call to a sign-in provider (Google, Twitter) may take before it counts as unreachable. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  GEOIP_DB_PATH: z.string().optional(),
  /**
   * Age assurance's provider (modules/legal README "Age assurance"): `manual` (built in: ID photo +
   * selfie reviewed in the console) or `webhook` (an outside service at AGE_VERIFIER_URL, sharing
   * AGE_VERIFIER_SECRET to sign both ways).
   */
  AGE_VERIFIER: z.enum(['manual', 'webhook']).default('manual'),
  AGE_VERIFIER_URL: z.string().url().optional(),
  AGE_VERIFIER_SECRET: z.string().min(16).optional(),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  /** Per signed-in user, per 15 minutes: attempts that check the current password (password or e-mail change). */
  RATE_LIMIT_PASSWORD_MAX: z.coerce.number().int().min(1).default(5),
  /** Per signed-in user, per 15 minutes: card attempts (adding a card, topping up the wallet). */
  RATE_LIMIT_CARD_MAX: z.coerce.number().int().min(1).default(10),
  /** Key prefix of rate-limit counters in Redis (several sites can share one Redis). */
  RATE_LIMIT_NAMESPACE: z.string().default('stagepass-rl:'),
  /** The socket.io Redis adapter's channel prefix: every API node of one site shares it (another site on the same Redis needs its own). */
  REALTIME_CHANNEL: z.string().min(1).default('stagepass-socket'),
  /** How long a resolved session is served from memory (platform/auth.ts SessionCache); 0 = never. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Concurrent background-job handlers per queue in this process; 0 = this node only enqueues. */
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /**
   * Concurrent domain-event handler jobs in a process that works jobs (platform/events.ts); unset:
   * WORKERS. Every event has several handlers, so a burst of events (bench/welcome.mts) wants more.
   */
  EVENT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** S3-compatible storage instead of DATA_DIR/files when S3_BUCKET is set. */
  S3_BUCKET: unsetIfEmpty(z.string().min(3).max(63).regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, 'must be a valid bucket name')),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: unsetIfEmpty(z.string().url()),
  S3_ACCESS_KEY_ID: unsetIfEmpty(z.string()),
  S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string()),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** ffmpeg/ffprobe binaries; default: the ones shipped by @ffmpeg-installer / @ffprobe-installer. */
  FFMPEG_PATH: unsetIfEmpty(z.string()),
  FFPROBE_PATH: unsetIfEmpty(z.string()),
  /** An external classifier for upload screening (platform/content-scanner.ts): POST the picture, answer {verdict, score}. Unset → none is asked. */
  CONTENT_SCANNER_URL: unsetIfEmpty(z.string().url()),
  /** Seconds the classifier may take per picture; then the upload goes on unscanned (logged). */
  CONTENT_SCANNER_TIMEOUT_S: z.coerce.number().int().min(1).max(120).default(15),
  /** Users per batch of a notification fan-out job (a new post to a creator's subscribers and followers). */
  FANOUT_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  /** Stripe API base URL (default: Stripe's own); tests point it at a local stand-in, e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: unsetIfEmpty(z.string().url()),
  /**
   * Live video through Janus (platform/live/README.md): its WebSocket API (loopback), e.g.
   * ws://127.0.0.1:9080, or several servers comma-separated (each stream is placed on one, its
   * audience spread over the others) — `npm start` starts them and sets these three; unset = no
   * Janus. The secrets: one value for every server, or a comma list in JANUS_URL's order.
   * JANUS_PUBLIC_IP, JANUS_RTP_PORTS and TURN are Janus's own settings (scripts/lib/janus.mjs).
   */
  JANUS_URL: unsetIfEmpty(
    z.string().refine(
      (v) => v.split(',').every((u) => /^wss?:\/\/[^\s,]+$/.test(u.trim()) && URL.canParse(u.trim())),
      'must be a ws:// or wss:// URL, or several comma-separated',
    ),
  ),
  JANUS_API_SECRET: unsetIfEmpty(z.string()),
  JANUS_ADMIN_KEY: unsetIfEmpty(z.string()),
  /** Where that Janus writes recordings (absolute, on this machine; `npm start` sets it): stream replays. Unset = no recording. */
  JANUS_RECORDINGS_DIR: unsetIfEmpty(z.string().refine((p) => p.startsWith('/'), 'must be an absolute path')),
  /** janus-pp-rec (Debian's janus-tools), which turns recordings into WebM/Opus. */
  JANUS_PP_REC_PATH: z.string().default('/usr/bin/janus-pp-rec'),
  /**
   * Prometheus metrics (platform/metrics.ts, docs/operations.md "Metrics"): METRICS_PORT serves
   * `/metrics` on its own listener at METRICS_HOST (default loopback); METRICS_TOKEN serves it on
   * the API port too, to `Authorization: Bearer <token>` only (and, when set, asks the same of the
   * metrics port). Neither set: no metrics are served (the API port answers 404).
   */
  METRICS_PORT: unsetIfEmpty(z.coerce.number().int().min(1).max(65535)),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16, 'must be at least 16 characters (openssl rand -hex 24)')),
  /**
   * OpenTelemetry traces (platform/tracing.ts, docs/operations.md "Traces"): set → spans are
   * exported over OTLP/HTTP to `<endpoint>/v1/traces` (or exactly OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
   * unset → nothing of OpenTelemetry is loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetIfEmpty(z.string().url()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: unsetIfEmpty(z.string().url()),
  OTEL_SERVICE_NAME: z.string().min(1).default('stagepass-api'),
  /** Share of new traces recorded (0–1, parent-based: a caller's sampled trace is always continued). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /**
   * argon2id parameters of new password hashes (modules/auth/passwords.ts): `test` = the cheapest
   * ones, set by the test harness only; refused with NODE_ENV=production.
   */
  PASSWORD_HASH_COST: z.enum(['production', 'test']).default('production'),
});

export type Env = z.infer<typeof envSchema>;
export interface Config extends Omit<Env, 'APP_SECRET'> {
  APP_SECRET: string;
  /** RECORDS_KEY decoded (32 bytes), or null when unset (see `recordsKeyFor`). */
  recordsKey: Buffer | null;
  /** DATA_ENCRYPTION_KEY decoded (32 bytes), or null when unset (see `dataKeysFor`). */
  dataKey: Buffer | null;
  /** DATA_ENCRYPTION_KEY_PREVIOUS decoded: keys that only open. */
  dataKeysPrevious: Buffer[];
  corsOrigins: string[];
  filesDir: string;
  outboxDir: string;
}

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither (neither = the AWS default credential chain)');
  }
  if ((overrides.PASSWORD_HASH_COST ?? e.PASSWORD_HASH_COST) === 'test' && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  PASSWORD_HASH_COST: "test" (weak password hashes, for the test suites) is refused in production');
  }
  if ((overrides.AGE_VERIFIER ?? e.AGE_VERIFIER) === 'webhook' && !((overrides.AGE_VERIFIER_URL ?? e.AGE_VERIFIER_URL) && (overrides.AGE_VERIFIER_SECRET ?? e.AGE_VERIFIER_SECRET))) {
    throw new Error('Invalid configuration:\n  AGE_VERIFIER=webhook needs AGE_VERIFIER_URL and AGE_VERIFIER_SECRET (16+ characters)');
  }
  const vapidPublic = overrides.VAPID_PUBLIC_KEY ?? e.VAPID_PUBLIC_KEY;
  const vapidPrivate = overrides.VAPID_PRIVATE_KEY ?? e.VAPID_PRIVATE_KEY;
  if (Boolean(vapidPublic) !== Boolean(vapidPrivate)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither');
  }
  if (e.NODE_ENV === 'production' && (overrides.WEB_PUSH ?? e.WEB_PUSH) === true && !vapidPublic) {
    throw new Error('Invalid configuration:\n  WEB_PUSH=true in production needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), or leave WEB_PUSH unset / false');
  }
  const dataDir = path.resolve(overrides.DATA_DIR ?? e.DATA_DIR);
  let secret = overrides.APP_SECRET ?? e.APP_SECRET;
  if (!secret) {
    if (e.NODE_ENV === 'production') throw new Error('Invalid configuration:\n  APP_SECRET: required in production (32+ characters)');
    secret = devSecret(dataDir);
  }
  const recordsKey = decodeKey('RECORDS_KEY', overrides.RECORDS_KEY ?? e.RECORDS_KEY);
  const dataKey = decodeKey('DATA_ENCRYPTION_KEY', overrides.DATA_ENCRYPTION_KEY ?? e.DATA_ENCRYPTION_KEY);
  const previous = overrides.DATA_ENCRYPTION_KEY_PREVIOUS ?? e.DATA_ENCRYPTION_KEY_PREVIOUS;
  const dataKeysPrevious = (previous ?? '').split(',').map((v) => v.trim()).filter(Boolean).map((v) => decodeKey('DATA_ENCRYPTION_KEY_PREVIOUS', v)!);
  const corsOrigins = (e.CORS_ORIGINS ?? e.PUBLIC_WEB_URL).split(',').map((s) => s.trim()).filter(Boolean);
  return {
    ...e,
    ...overrides,
    DATA_DIR: dataDir,
    APP_SECRET: secret,
    recordsKey,
    dataKey,
    dataKeysPrevious,
    corsOrigins,
    filesDir: path.join(dataDir, 'files'),
    outboxDir: path.join(dataDir, 'outbox'),
  } as Config;
}

/** Outside production a secret is generated once and kept in DATA_DIR so signed links survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, '.app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const s = crypto.randomBytes(32).toString('hex');
    fs.writeFileSync(file, s, { mode: 0o600 });
    return s;
  }
}

/** A key variable: base64 of exactly 32 bytes, else a configuration error; unset → null. */
function decodeKey(name: string, value: string | undefined): Buffer | null {
  if (!value) return null;
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`Invalid configuration:\n  ${name}: must be 32 random bytes in base64 (openssl rand -base64 32)`);
  return key;
}

/**
 * A key generated once into `DATA_DIR/<file>` (mode 0600) and reused, never replaced: a broken
 * file is an error (values sealed with it would be lost). Two processes starting together: the
 * first file written wins and both use it.
 */
function generatedKey(dataDir: string, file: string): Buffer {
  const p = path.join(dataDir, file);
  let existing: string | null = null;
  try {
    existing = fs.readFileSync(p, 'utf8').trim();
  } catch {
    /* not there yet */
  }
  if (existing !== null) {
    const key = Buffer.from(existing, 'base64');
    if (key.length !== 32) throw new Error(`${p}: not a 32-byte base64 key (restore it from a backup)`);
    return key;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  try {
    fs.writeFileSync(p, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return generatedKey(dataDir, file);
    throw err;
  }
  return key;
}

/**
 * The consent records' key (modules/releases README "Encryption"), asked for when the records are
 * first used (so CLIs that load the config never create it): RECORDS_KEY when set; unset outside
 * production → generated once into DATA_DIR/.records-key and reused; unset in production → null
 * (the feature refuses to run).
 */
export function recordsKeyFor(config: Pick<Config, 'recordsKey' | 'NODE_ENV' | 'DATA_DIR'>): Buffer | null {
  if (config.recordsKey) return config.recordsKey;
  if (config.NODE_ENV === 'production') return null;
  return generatedKey(config.DATA_DIR, '.records-key');
}

/**
 * The keyring of tax ids and bank details (apps/api/README.md "Encryption at rest"), asked for when
 * first used: the current key — DATA_ENCRYPTION_KEY, or outside production one generated once into
 * DATA_DIR/.data-encryption-key — and the previous keys that still open older values. Unset in
 * production → null: those features answer 503 rather than store anything in plain.
 */
export function dataKeysFor(config: Pick<Config, 'dataKey' | 'dataKeysPrevious' | 'NODE_ENV' | 'DATA_DIR'>): { current: Buffer; previous: Buffer[] } | null {
  const previous = config.dataKeysPrevious ?? [];
  if (config.dataKey) return { current: config.dataKey, previous };
  if (config.NODE_ENV === 'production') return null;
  return { current: generatedKey(config.DATA_DIR, '.data-encryption-key'), previous };
}

/** The site's VAPID identity for Web Push. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Web Push's VAPID keys (modules/notifications README "Web Push"), asked for when push is first
 * set up (so CLIs that load the config never create them): null when push is off — WEB_PUSH=false,
 * or production without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY. Outside production without them, a
 * pair is generated once into DATA_DIR/.vapid-keys.json (0600) and reused.
 */
export function vapidKeysFor(config: Pick<Config, 'WEB_PUSH' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'NODE_ENV' | 'DATA_DIR'>): VapidKeys | null {
  if (config.WEB_PUSH === false) return null;
  const subject = config.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim()}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  if (config.NODE_ENV === 'production') return null;
  return { ...generatedVapidKeys(config.DATA_DIR), subject };
}

/** A P-256 key pair generated once into DATA_DIR/.vapid-keys.json and reused (the first writer wins). */
function generatedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const p = path.join(dataDir, '.vapid-keys.json');
  try {
    const k = JSON.parse(fs.readFileSync(p, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof k.publicKey === 'string' && typeof k.privateKey === 'string') return { publicKey: k.publicKey, privateKey: k.privateKey };
    throw new Error(`${p}: not a VAPID key pair (delete it to make a new one; every device then turns push on again)`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(p, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return generatedVapidKeys(dataDir);
    throw err;
  }
  return keys;
}

/** For entry points (server, worker, CLIs): the config, or a readable message and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
