'use client';
/**
 * "Download all": GET /performer-assets/galleries/{id}/download answers a ZIP streamed by the API,
 * for signed-in viewers with access. The API reads the session from the Authorization header
 * only (the token cookie is the web's, never sent to the API as a credential), so a plain link
 * cannot carry it: the answer is read as a stream with the header, the received size reported as
 * it arrives (the length of a streamed ZIP is not known ahead), then handed to the browser as a
 * download (an object URL clicked with `download`).
 */
import { MESSAGES } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { getToken, removeToken, routeHref, type ApiFailure } from '@/lib/api';
import { zipName } from './gallery-format';

/** Downloads the gallery's ZIP; `onProgress` gets the bytes received so far. Resolves to the file name. */
export async function downloadGallery(id: string, title: string, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<string> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(routeHref(routes.galleries.download, { params: { id } }), {
      headers: { Accept: 'application/zip, application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
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
    throw { statusCode: res.status, ...body, message: body.message || '' } satisfies ApiFailure;
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } else chunks.push(await res.blob());
  const name = zipName(res.headers.get('content-disposition'), `${title || 'gallery'}.zip`);
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
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
