// The embedded database's thread (plain JS: worker threads start without the tsx loader). It owns
// the PGlite instance; the API's event loop talks to it through pglite-remote.ts, so PostgreSQL's
// work (WebAssembly) runs on its own core while the main thread serves HTTP. One message in, one
// answer out: { id, op, ... } → { id, ok, result | error }. PGlite is one session: its own mutex
// keeps a transaction's statements together and every other query waits for the transaction.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, loadDataDir, options } = workerData;
const config = { ...(options ?? {}), ...(loadDataDir ? { loadDataDir } : {}) };
const db = dataDir ? new PGlite(dataDir, config) : new PGlite(config);
/** Open transactions: id → { tx, finish(kind, answerId) }. */
const txs = new Map();
const ROLLBACK = Symbol('rollback');
const keep = (value) => value;

/** An error as plain data: message plus PostgreSQL's fields (code, constraint, detail…). */
function plain(err) {
  const out = { name: err?.name ?? 'Error', message: err?.message ?? String(err) };
  for (const [k, v] of Object.entries(err ?? {})) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}
const answer = (id, body) => parentPort.postMessage({ id, ...body });

/** Drizzle keeps dates as text: its parsers are identities for these types (functions can't cross threads). */
function queryOptions(msg) {
  if (!msg.rowMode && !msg.rawTypes) return undefined;
  return { rowMode: msg.rowMode, parsers: Object.fromEntries((msg.rawTypes ?? []).map((t) => [t, keep])) };
}
function target(msg) {
  if (msg.tx == null) return db;
  const t = txs.get(msg.tx);
  if (!t?.tx) throw new Error('This transaction has already ended');
  return t.tx;
}
function strip(results) {
  return { rows: results.rows, fields: results.fields, affectedRows: results.affectedRows };
}

function begin(msg) {
  const entry = { tx: null, finish: null };
  const ended = new Promise((resolve) => (entry.finish = resolve));
  txs.set(msg.tx, entry);
  let end = null;
  db.transaction(async (tx) => {
    entry.tx = tx;
    answer(msg.id, { ok: true });
    end = await ended;
    if (end.kind === 'rollback') throw ROLLBACK;
  }).then(
    () => {
      txs.delete(msg.tx);
      answer(end.id, { ok: true });
    },
    (err) => {
      txs.delete(msg.tx);
      if (!end) answer(msg.id, { ok: false, error: plain(err) });
      else answer(end.id, err === ROLLBACK ? { ok: true } : { ok: false, error: plain(err) });
    },
  );
}

async function run(msg) {
  switch (msg.op) {
    case 'ready':
      await db.waitReady;
      return null;
    case 'query':
      return strip(await target(msg).query(msg.sql, msg.params, queryOptions(msg)));
    case 'exec':
      return (await target(msg).exec(msg.sql)).map(strip);
    case 'dump':
      return await db.dumpDataDir(msg.compression);
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

parentPort.on('message', (msg) => {
  if (msg.op === 'begin') return begin(msg);
  if (msg.op === 'commit' || msg.op === 'rollback') {
    const t = txs.get(msg.tx);
    if (!t) return answer(msg.id, { ok: false, error: { name: 'Error', message: 'This transaction has already ended' } });
    return t.finish({ kind: msg.op, id: msg.id });
  }
  run(msg).then(
    (result) => answer(msg.id, { ok: true, result }),
    (err) => answer(msg.id, { ok: false, error: plain(err) }),
  );
});
