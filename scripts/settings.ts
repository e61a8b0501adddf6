/**
 * Operator settings CLI — talks to the RUNNING API's admin endpoints; it never opens the database
 * (an embedded PGlite database belongs to the one API process that opened it).
 *
 *   npm run settings -- list                          all settings: key, value, public/private/secret, description
 *   npm run settings -- get maintenanceMode           one value (JSON)
 *   npm run settings -- set maintenanceMode true      values are JSON when they parse (true, 12.5, ["US","FR"]),
 *   npm run settings -- set siteName My Stage         else plain text (several words are joined with spaces)
 *
 * Environment:
 *   API_URL / PUBLIC_API_URL     API base (API_URL wins when both are set; default http://localhost:8080)
 *   STAGEPASS_TOKEN              an admin session token to use as it is (no login / logout)
 *   STAGEPASS_ADMIN              admin username or e-mail to log in with (default: admin@example.com)
 *   STAGEPASS_ADMIN_PASSWORD     its password (default 'stagepass-demo' outside production; required
 *                                when NODE_ENV=production)
 *   STAGEPASS_ADMIN_CODE         a current code from the admin's authenticator app (operators have
 *                                two-factor authentication; outside production the demo operator's
 *                                code is computed from its published demo secret)
 * Exit code 0 on success, 1 on any error (the API's message and field errors are printed).
 */

interface ApiErrorBody { statusCode?: number; message?: string; details?: Array<{ field: string; message: string }> }
interface AdminSetting { value: unknown; public: boolean; secret: boolean; description: string }

class CliError extends Error {}

const USAGE = `Usage:
  npm run settings -- list
  npm run settings -- get <key>
  npm run settings -- set <key> <value>`;

const apiBase = (process.env.API_URL || process.env.PUBLIC_API_URL || 'http://localhost:8080').replace(/\/+$/, '');

/** One call to the API; network failures and non-2xx answers become a CliError with a readable text. */
async function call<T>(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? ' (no answer within 15 s)' : '';
    throw new CliError(`Stagepass API is not running at ${apiBase} — start it with \`npm start\`${reason}`);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: reported below with the status
  }
  if (!res.ok) {
    const e = (json ?? {}) as ApiErrorBody;
    const lines = [`${method} ${path} failed (${res.status}): ${e.message ?? (text.slice(0, 200) || res.statusText)}`];
    for (const d of e.details ?? []) lines.push(`  ${d.field}: ${d.message}`);
    throw new CliError(lines.join('\n'));
  }
  if (!json || typeof json !== 'object' || !('data' in json)) {
    throw new CliError(`${method} ${path}: unexpected answer from ${apiBase} (is this the Stagepass API?)`);
  }
  return (json as { data: T }).data;
}

/** The demo operator's published, demo-only TOTP secret (README "Demo accounts"; apps/api/src/seed/demo.ts). */
const DEMO_ADMIN_TOTP_SECRET = 'STAGEPASSDEMOADMIN2FA7OTPSECRET2';

/**
 * Codes for the sign-in's second step: STAGEPASS_ADMIN_CODE, or (outside production) the demo
 * operator's for this 30-second step and the next (each step is accepted once: a sign-in a moment
 * ago may have used this one).
 */
async function secondFactorCodes(username: string): Promise<string[]> {
  const given = process.env.STAGEPASS_ADMIN_CODE?.trim();
  if (given) return [given];
  if (process.env.NODE_ENV !== 'production' && ['admin@example.com', 'operator'].includes(username.toLowerCase())) {
    const { generate } = await import('otplib');
    const now = Math.floor(Date.now() / 1000);
    return Promise.all([now, now + 30].map((epoch) => generate({ secret: DEMO_ADMIN_TOTP_SECRET, epoch })));
  }
  throw new CliError(`'${username}' has two-factor authentication: set STAGEPASS_ADMIN_CODE to a current code from the authenticator app (or use STAGEPASS_TOKEN).`);
}

/** A session token: STAGEPASS_TOKEN as given, or a fresh login (logged out again at the end). */
async function session(): Promise<{ token: string; owned: boolean }> {
  const given = process.env.STAGEPASS_TOKEN?.trim();
  if (given) return { token: given, owned: false };
  const username = process.env.STAGEPASS_ADMIN || 'admin@example.com';
  let password = process.env.STAGEPASS_ADMIN_PASSWORD;
  if (!password) {
    if (process.env.NODE_ENV === 'production') {
      throw new CliError('Set STAGEPASS_ADMIN_PASSWORD (or STAGEPASS_TOKEN): there is no default password in production.');
    }
    password = 'stagepass-demo';
  }
  try {
    const first = await call<{ token?: string; twoFactorRequired?: boolean; challenge?: string }>('POST', '/auth/login', { body: { username, password } });
    if (!first.twoFactorRequired) return { token: first.token!, owned: true };
    // Two rounds: when both demo codes were used a moment ago, the next step brings a new one.
    for (let round = 0; ; round++) {
      const codes = await secondFactorCodes(username);
      for (const [i, code] of codes.entries()) {
        try {
          const { token } = await call<{ token: string }>('POST', '/auth/login/2fa', { body: { challenge: first.challenge, code } });
          return { token, owned: true };
        } catch (err) {
          const reused = err instanceof CliError && /already used/.test(err.message);
          if (!reused || (round > 0 && i === codes.length - 1) || codes.length === 1) throw err;
        }
      }
      await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
    }
  } catch (err) {
    if (err instanceof CliError && !err.message.startsWith('Stagepass API is not running')) {
      throw new CliError(`Could not log in as '${username}' (set STAGEPASS_ADMIN / STAGEPASS_ADMIN_PASSWORD or STAGEPASS_TOKEN):\n${err.message}`);
    }
    throw err;
  }
}

/** JSON when it parses (true, 12.5, ["US","FR"], "quoted"), else the text itself. */
function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function table(settings: Record<string, AdminSetting>): string {
  const rows = Object.entries(settings).map(([key, s]) => [
    key,
    clip(JSON.stringify(s.value) ?? '', 40),
    s.secret ? 'secret' : s.public ? 'public' : 'private',
    s.description,
  ]);
  const head = ['KEY', 'VALUE', 'VISIBILITY', 'DESCRIPTION'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const [command, key, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    if (!command) process.exitCode = 1;
    return;
  }
  const valid = (command === 'list' && !key) || (command === 'get' && key && !rest.length) || (command === 'set' && key && rest.length);
  if (!valid) throw new CliError(USAGE);

  const { token, owned } = await session();
  try {
    if (command === 'list') {
      console.log(table(await call<Record<string, AdminSetting>>('GET', '/admin/settings', { token })));
    } else if (command === 'get') {
      const all = await call<Record<string, AdminSetting>>('GET', '/admin/settings', { token });
      const s = all[key!];
      if (!s) throw new CliError(`Unknown setting '${key}'. Run \`npm run settings -- list\` to see them all.`);
      console.log(show(s.value));
    } else {
      const value = parseValue(rest.join(' '));
      const saved = await call<{ key: string; value: unknown }>('PUT', `/admin/settings/${encodeURIComponent(key!)}`, { token, body: { value } });
      console.log(`${saved.key} = ${show(saved.value)}`);
    }
  } finally {
    if (owned) await call('POST', '/auth/logout', { token }).catch(() => undefined);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof CliError ? err.message : err);
  process.exitCode = 1;
});
