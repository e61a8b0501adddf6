/**
 * One hook on the database client's query path (db/client.ts: the PostgreSQL pool's clients,
 * PGliteRemote's queries), for the platform's metrics and traces (platform/metrics.ts,
 * platform/tracing.ts). An observer is called when a query starts and answers what to call when it
 * ends (with the error, if it failed). With no observer the query path pays one length check.
 */
export type QueryObserver = (sql: string) => (err?: unknown) => void;

const observers: QueryObserver[] = [];

/** Adds an observer for every query of this process; answers its removal. */
export function observeQueries(observer: QueryObserver): () => void {
  observers.push(observer);
  return () => {
    const i = observers.indexOf(observer);
    if (i >= 0) observers.splice(i, 1);
  };
}

/** Called by the client when a query starts: null when nobody observes (the common case). */
export function queryStarted(sql: string): ((err?: unknown) => void) | null {
  if (observers.length === 0) return null;
  if (observers.length === 1) return observers[0]!(sql);
  const ends = observers.map((o) => o(sql));
  return (err) => {
    for (const end of ends) end(err);
  };
}

/** Runs `run` as one observed query: its promise is passed through, its end reported. */
export function observed<T>(sql: string, run: () => Promise<T>): Promise<T> {
  const end = queryStarted(sql);
  if (!end) return run();
  let p: Promise<T>;
  try {
    p = run();
  } catch (err) {
    end(err);
    throw err;
  }
  return p.then(
    (v) => {
      end();
      return v;
    },
    (err: unknown) => {
      end(err);
      throw err;
    },
  );
}

/** The SQL text of a query's first argument (a string or pg's `{ text }` config). */
export const sqlText = (q: unknown): string => (typeof q === 'string' ? q : q && typeof q === 'object' && typeof (q as { text?: unknown }).text === 'string' ? (q as { text: string }).text : '');
