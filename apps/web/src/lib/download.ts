'use client';
/**
 * Download a file from the API with the session token (a plain link cannot send the
 * Authorization header): fetch → blob → a temporary object URL clicked as a download.
 * The file name comes from Content-Disposition, else `fallbackName`. `href` is the entry's URL:
 * `routeHref(routes.earnings.exportCsv, { query })` — the creator's earnings and the operator's
 * transactions exports.
 */
import { MESSAGES } from '@stagepass/shared';
import { getToken, removeToken, type ApiFailure } from '@/lib/api';

export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

export async function downloadFromApi(href: string, fallbackName: string): Promise<string> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(href, { headers: { Accept: 'text/csv, application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
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
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
