'use client';
/**
 * Download a file from the API with the session token (the API reads the session from the
 * Authorization header only, so a plain link cannot carry it): fetch → the body read as a stream
 * (`onProgress` gets the bytes received so far: a streamed ZIP or CSV has no length ahead) → a
 * temporary object URL clicked as a download. The file name comes from Content-Disposition, else
 * `fallbackName`. `href` is the entry's URL, e.g. `routeHref(routes.earnings.exportCsv, { query })`.
 * Used by the creator's earnings export and statements, the operator's transactions export and
 * creators' statements, and a gallery's "Download all". The browser holds the file in memory until
 * it is saved.
 */
import { MESSAGES } from '@stagepass/shared';
import { getToken, removeToken, withAccessReason, type ApiFailure } from '@/lib/api';
import { fileNameFrom } from '@/lib/file-name';

export { fileNameFrom };

export interface DownloadOptions {
  /** The Accept header (the error answers are JSON). */
  accept?: string;
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}

async function readBody(res: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  const type = res.headers.get('content-type') ?? undefined;
  if (!res.body || !onProgress) return res.blob();
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type });
}

/**
 * Resolves to the saved file's name; rejects with an ApiFailure (statusCode 0: no answer). An
 * operator's download of someone's private data (400 `reason_required`) asks why and is repeated
 * with the reason, like any call (lib/api.ts `withAccessReason`).
 */
export async function downloadFromApi(href: string, fallbackName: string, opts: DownloadOptions = {}): Promise<string> {
  return withAccessReason((headers) => downloadOnce(href, fallbackName, opts, headers));
}

async function downloadOnce(href: string, fallbackName: string, opts: DownloadOptions, extra: Record<string, string>): Promise<string> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(href, { headers: { Accept: `${opts.accept ?? 'text/csv'}, application/json`, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra }, signal: opts.signal });
  } catch {
    throw { statusCode: 0, message: '' } satisfies ApiFailure;
  }
  if (res.status === 401) {
    removeToken();
    window.location.assign('/auth/login');
    throw { statusCode: 401, message: MESSAGES.forbiddenAction } satisfies ApiFailure;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<ApiFailure>;
    throw { statusCode: res.status, ...body, message: body.message || res.statusText || '' } satisfies ApiFailure;
  }
  const blob = await readBody(res, opts.onProgress);
  const name = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
