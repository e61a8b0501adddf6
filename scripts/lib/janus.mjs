/**
 * One Janus instance for one site (apps/api/src/platform/live/README.md): its configuration folder,
 * written under a data directory (DATA_DIR/janus), and the process, started and watched by
 * `npm start`, the live video tests and the bench.
 *
 * What the configuration allows: the Janus API over WebSocket on 127.0.0.1 only (no HTTP/REST,
 * no admin API, no event handlers, no loggers), every request signed with a generated `api_secret`;
 * the VideoRoom plugin alone, with no static rooms and a generated `admin_key`, so only the site's
 * API can create rooms (and start RTP forwarders). Media (ICE/DTLS/SRTP) uses the UDP port range.
 *
 * Environment read here (not by the API — these end up in janus.jcfg):
 *   JANUS_RTP_PORTS      UDP port range of media, default "20000-20999" (open it in the firewall)
 *   JANUS_PUBLIC_IP      the public address behind a 1:1 NAT (cloud VMs): nat_1_1_mapping
 *   JANUS_TURN_SERVER    host[:port] of a TURN server (coturn) Janus relays through, with
 *   JANUS_TURN_USER / JANUS_TURN_PASSWORD
 *   JANUS_LOG_LEVEL      0-4 (Janus's levels; 4 = info, the default; higher is refused as too verbose)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { janusPath } from '../ensure-janus.mjs';

export { janusPath };

/** Where Debian (and most builds) put Janus's shared objects. */
const LIB_DIRS = ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus', '/usr/local/lib/janus', '/opt/janus/lib/janus'];

/** The Janus library folder (holding plugins/ and transports/) next to the binary's build. */
export function janusLibDir() {
  const candidates = [process.env.JANUS_LIB_DIR, ...LIB_DIRS].filter(Boolean);
  for (const d of candidates) {
    if (fs.existsSync(path.join(d, 'plugins')) && fs.existsSync(path.join(d, 'transports'))) return d;
  }
  return null;
}

/**
 * Ports of the Janus of a site whose API listens on `apiPort`, so that instances side by side
 * (dev, e2e, another checkout) don't clash: WebSocket on API port + 1000, and a 1000-port media
 * range picked by the API port (8080 → 20000-20999, 8090 → 30000-30999; API ports 20 apart share
 * a range). JANUS_WS_PORT / JANUS_RTP_PORTS override them.
 */
export function janusPorts(apiPort, env = process.env) {
  const port = Number(apiPort);
  const slot = port % 20;
  return {
    wsPort: Number(env.JANUS_WS_PORT || port + 1000),
    rtpPorts: env.JANUS_RTP_PORTS || `${20000 + slot * 1000}-${20000 + slot * 1000 + 999}`,
  };
}

/**
 * The ports of instance `i` (0-based) of `count` started side by side for one site
 * (JANUS_INSTANCES): WebSocket ports 100 apart from the first (9080, 9180, …) and the media
 * range split into `count` equal blocks (20000-20999 for two → 20000-20499 and 20500-20999), so
 * the firewall's opening stays the same.
 */
export function janusInstancePorts({ wsPort, rtpPorts }, i, count) {
  const m = /^(\d+)-(\d+)$/.exec(rtpPorts);
  if (!m) throw new Error(`JANUS_RTP_PORTS must look like 20000-20999 (got ${rtpPorts})`);
  const [lo, hi] = [Number(m[1]), Number(m[2])];
  const size = Math.floor((hi - lo + 1) / count);
  if (size < 10) throw new Error(`JANUS_RTP_PORTS ${rtpPorts} is too small for ${count} Janus instances`);
  const first = lo + i * size;
  const last = i === count - 1 ? hi : first + size - 1;
  return { wsPort: Number(wsPort) + i * 100, rtpPorts: `${first}-${last}` };
}

/**
 * Ports for a throwaway instance (tests, bench): a free WebSocket port and a random 200-port media
 * range in 40000-59999, so that parallel test files rarely meet (the range is only a pool for Janus).
 */
export async function freeJanusPorts() {
  const wsPort = await new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
  const first = 40000 + crypto.randomInt(0, 100) * 200;
  return { wsPort, rtpPorts: `${first}-${first + 199}` };
}

/** A secret kept in a file (0600) so that it survives restarts; generated the first time. */
function keptSecret(file) {
  try {
    const s = fs.readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  } catch { /* first start */ }
  const s = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${s}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return s;
}

/** jcfg (libconfig) string literal. */
const str = (v) => JSON.stringify(String(v));

/**
 * Writes the configuration folder of one instance in `dir` (created 0700) and answers what the API
 * needs to talk to it. Secrets are kept in `dir/secret` and `dir/admin-key` (0600).
 */
export function writeJanusConfig({ dir, wsPort = 8188, rtpPorts = process.env.JANUS_RTP_PORTS || '20000-20999', env = process.env, logLevel, recordingsDir = recordingsDirOf(dir) } = {}) {
  if (!/^\d+-\d+$/.test(rtpPorts)) throw new Error(`JANUS_RTP_PORTS must look like 20000-20999 (got ${rtpPorts})`);
  const libDir = janusLibDir();
  if (!libDir) throw new Error('Janus plugins not found (set JANUS_LIB_DIR to the folder holding plugins/ and transports/)');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const apiSecret = keptSecret(path.join(dir, 'secret'));
  const adminKey = keptSecret(path.join(dir, 'admin-key'));

  // Janus loads every shared object of its plugin and transport folders: ours hold the VideoRoom
  // plugin and the WebSocket transport alone (links to the package's files); events/ and loggers/
  // stay empty.
  const only = (sub, prefix) => {
    const target = path.join(dir, sub);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target);
    if (!prefix) return;
    const file = fs.readdirSync(path.join(libDir, sub)).filter((f) => f.startsWith(prefix)).sort((a, b) => a.length - b.length)[0];
    if (!file) throw new Error(`${prefix}* not found in ${path.join(libDir, sub)}`);
    fs.symlinkSync(path.join(libDir, sub, file), path.join(target, file));
  };
  only('plugins', 'libjanus_videoroom.so');
  only('transports', 'libjanus_websockets.so');
  only('events');
  only('loggers');

  const level = Math.min(4, Math.max(0, Number(logLevel ?? env.JANUS_LOG_LEVEL ?? 4)));
  const nat = ['\tice_ignore_list = "vmnet"', '\tnice_debug = false'];
  if (env.JANUS_PUBLIC_IP) nat.push(`\tnat_1_1_mapping = ${str(env.JANUS_PUBLIC_IP)}`);
  if (env.JANUS_TURN_SERVER) {
    const [host, port = '3478'] = env.JANUS_TURN_SERVER.split(':');
    nat.push(`\tturn_server = ${str(host)}`, `\tturn_port = ${Number(port)}`, '\tturn_type = "udp"');
    if (env.JANUS_TURN_USER) nat.push(`\tturn_user = ${str(env.JANUS_TURN_USER)}`);
    if (env.JANUS_TURN_PASSWORD) nat.push(`\tturn_pwd = ${str(env.JANUS_TURN_PASSWORD)}`);
  }
  const files = {
    'janus.jcfg': `# Written by scripts/lib/janus.mjs at each start: edit the environment, not this file.
general: {
\tconfigs_folder = ${str(dir)}
\tplugins_folder = ${str(path.join(dir, 'plugins'))}
\ttransports_folder = ${str(path.join(dir, 'transports'))}
\tevents_folder = ${str(path.join(dir, 'events'))}
\tloggers_folder = ${str(path.join(dir, 'loggers'))}
\tlog_to_stdout = true
\tdebug_level = ${level}
\tdebug_colors = false
\tapi_secret = ${str(apiSecret)}
\tadmin_secret = ${str(crypto.randomBytes(24).toString('base64url'))}
\tserver_name = "stagepass"
\tsession_timeout = 60
\thide_dependencies = true
\tprotected_folders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var", ${str(dir)}]
}
certificates: {
}
media: {
\trtp_port_range = ${str(rtpPorts)}
}
nat: {
${nat.join('\n')}
}
plugins: {
}
transports: {
}
loggers: {
}
events: {
\tbroadcast = false
}
`,
    'janus.transport.websockets.jcfg': `general: {
\tjson = "compact"
\tws = true
\tws_port = ${Number(wsPort)}
\tws_ip = "127.0.0.1"
\tws_acl = "127."
\twss = false
}
admin: {
\tadmin_ws = false
\tadmin_wss = false
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
\tadmin_key = ${str(adminKey)}
\tlock_rtp_forward = true
\tevents = false
}
`,
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text, { mode: 0o600 });
  return { configFile: path.join(dir, 'janus.jcfg'), url: `ws://127.0.0.1:${Number(wsPort)}`, apiSecret, adminKey, recordingsDir };
}

/**
 * Where an instance configured in `dir` records (stream replays): a folder beside it,
 * DATA_DIR/janus → DATA_DIR/recordings-janus. Not inside it, nor a name starting with it: Janus
 * refuses to write where a path starts with one of its protected folders, the configuration
 * folder among them. The API creates it when a stream first records, reads and deletes the files
 * (JANUS_RECORDINGS_DIR).
 */
export function recordingsDirOf(dir) {
  const abs = path.resolve(dir);
  return path.join(path.dirname(abs), `recordings-${path.basename(abs)}`);
}

/** Resolves once 127.0.0.1:`port` accepts a TCP connection (or rejects when the child exits / time runs out). */
async function waitForPort(port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`janus exited (${child.exitCode ?? child.signalCode}) before its WebSocket port ${port} opened`);
    const ok = await new Promise((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port }, () => { s.destroy(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`janus did not open its WebSocket port ${port} within ${timeoutMs / 1000}s`);
}

const running = new Set();
let exitHooked = false;
/** Children die with us: on exit (also after an uncaught error). */
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => { for (const c of running) c.kill('SIGKILL'); });
}

/**
 * Starts Janus with a fresh configuration in `dataDir` and resolves once its WebSocket port
 * accepts connections. `log(line)` receives its output (default: dropped). The child is killed
 * when this process exits, and by the kernel if this process dies abruptly (setpriv --pdeathsig).
 */
export async function startJanus({ dataDir, wsPort = 8188, rtpPorts, log = () => {}, logLevel, env = process.env, timeoutMs = 20_000 } = {}) {
  const bin = janusPath();
  if (!bin) throw new Error('janus is not installed (node scripts/ensure-janus.mjs)');
  const cfg = writeJanusConfig({ dir: dataDir, wsPort, rtpPorts, env, logLevel });
  // -C: our janus.jcfg; -F: our folder (so /etc/janus is never read). Through util-linux's
  // setpriv when there is one: the kernel then kills Janus if this process dies without cleaning up.
  const args = ['-C', cfg.configFile, '-F', dataDir, '--log-stdout'];
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => fs.existsSync(p));
  const [cmd, argv] = setpriv ? [setpriv, ['--pdeathsig', 'KILL', '--', bin, ...args]] : [bin, args];
  const child = spawn(cmd, argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: dataDir,
  });
  hookExit();
  running.add(child);
  const done = new Promise((resolve) => child.on('exit', (code, signal) => { running.delete(child); resolve({ code, signal }); }));
  for (const s of [child.stdout, child.stderr]) {
    let buf = '';
    s.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const l of lines) if (l.trim()) log(l);
    });
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    await done;
    clearTimeout(t);
  };
  try {
    await waitForPort(Number(wsPort), child, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { child, pid: child.pid, done, url: cfg.url, apiSecret: cfg.apiSecret, adminKey: cfg.adminKey, recordingsDir: cfg.recordingsDir, stop };
}

/**
 * Starts `count` instances for one site (JANUS_INSTANCES; the API spreads big audiences over
 * them): the first in `dataDir`, the others in `<dataDir>-2`, `<dataDir>-3`… on the ports of
 * `janusInstancePorts` (or `ports(i)` when given: tests). Every instance records into the first
 * one's recordings folder (one JANUS_RECORDINGS_DIR). All or none: one failing stops those
 * started. `log(line, i)`.
 */
export async function startJanusInstances({ dataDir, count = 1, wsPort = 8188, rtpPorts = '20000-20999', ports, log = () => {}, ...rest } = {}) {
  const n = Math.max(1, Math.floor(Number(count) || 1));
  const started = [];
  try {
    for (let i = 0; i < n; i++) {
      const p = ports ? await ports(i) : janusInstancePorts({ wsPort, rtpPorts }, i, n);
      const dir = i === 0 ? dataDir : `${dataDir}-${i + 1}`;
      const instance = await startJanus({ ...rest, dataDir: dir, ...p, log: (line) => log(line, i) });
      started.push({ ...instance, rtpPorts: p.rtpPorts, recordingsDir: started[0]?.recordingsDir ?? instance.recordingsDir });
    }
  } catch (err) {
    await Promise.all(started.map((j) => j.stop()));
    throw err;
  }
  return started;
}

/** What the API needs for these instances: JANUS_URL and the secrets as comma lists in the same order, one JANUS_RECORDINGS_DIR. */
export function janusEnv(instances) {
  return {
    JANUS_URL: instances.map((j) => j.url).join(','),
    JANUS_API_SECRET: instances.map((j) => j.apiSecret).join(','),
    JANUS_ADMIN_KEY: instances.map((j) => j.adminKey).join(','),
    JANUS_RECORDINGS_DIR: instances[0].recordingsDir,
  };
}
