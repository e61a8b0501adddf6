'use client';
/**
 * "Download all": GET /performer-assets/galleries/{id}/download answers a ZIP streamed by the API,
 * for signed-in viewers with access; read with the session header and saved (src/lib/download.ts),
 * the received size reported as it arrives.
 */
import { routes } from '@stagepass/shared/routes';
import { routeHref } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';

/** Downloads the gallery's ZIP; `onProgress` gets the bytes received so far. Resolves to the file name. */
export function downloadGallery(id: string, title: string, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<string> {
  return downloadFromApi(routeHref(routes.galleries.download, { params: { id } }), `${title || 'gallery'}.zip`, { accept: 'application/zip', onProgress, signal });
}
