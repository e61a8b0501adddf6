import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../platform/storage';
import { slug, type ZipEntry } from './photos.reads';

/**
 * A gallery download as a ZIP stream (yazl): each photo is read from storage only when the ZIP
 * reaches it (`addReadStreamLazy`: one file open at a time) and piped through in store mode (the
 * renditions are already-compressed WebP), with backpressure from the client down to the storage
 * read. Nothing is built in memory. A storage failure mid-way ends the response early (the ZIP is
 * then incomplete and the browser reports a failed download); it is logged. A client that goes
 * away stops the read of the current file. A `marked` entry is the viewer's marked copy, drawn (or
 * read from the marks cache) by `marked` when the ZIP reaches it — one picture in memory at a time.
 */
export function zipStream(storage: Pick<Storage, 'get'>, entries: ZipEntry[], log?: Pick<FastifyBaseLogger, 'warn'>, marked?: (fileId: string, viewerId: string) => Promise<Buffer>): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let current: Readable | null = null;
  let failed = false;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    log?.warn({ err }, 'gallery download stopped: a photo could not be read');
    current?.destroy();
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on('error', fail);
  out.on('close', () => current?.destroy());
  for (const e of entries) {
    zip.addReadStreamLazy(e.name, { compress: false, mtime: e.mtime }, (cb) => {
      if (failed) return;
      const open = e.marked
        ? marked
          ? marked(e.marked.fileId, e.marked.viewerId).then((b) => Readable.from([b]))
          : Promise.reject(new Error('a marked photo without a marker'))
        : storage.get(e.key);
      open.then(
        (stream) => {
          current = stream;
          stream.on('error', fail);
          cb(null, stream);
        },
        fail,
      );
    });
  }
  zip.end();
  return out;
}

/** `Content-Disposition` of a download named after the gallery: an ASCII `filename` and the UTF-8 `filename*`. */
export function attachment(title: string): string {
  const ascii = slug(title) || 'gallery';
  const name = [...title].filter((c) => c.charCodeAt(0) >= 32 && !'\\/:*?"<>|'.includes(c)).join('').trim() || ascii;
  return `attachment; filename="${ascii}.zip"; filename*=UTF-8''${encodeURIComponent(`${name}.zip`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
