import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { HttpError, badRequest } from './errors';

/** The largest upload of any kind (videos); each route sets its own, smaller limit. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

export const UPLOAD_KINDS = {
  image: { mimes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic'], maxBytes: 15 * 1024 * 1024, label: 'an image (JPEG, PNG, WebP, GIF, AVIF)' },
  document: { mimes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], maxBytes: 15 * 1024 * 1024, label: 'an image or a PDF' },
  video: { mimes: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/x-msvideo', 'video/mpeg'], maxBytes: MAX_UPLOAD_BYTES, label: 'a video (MP4, MOV, WebM, MKV)' },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export interface ReceivedFile {
  field: string;
  tmpPath: string;
  mime: string;
  ext: string;
  size: number;
  originalName: string;
}
export interface Received {
  files: ReceivedFile[];
  fields: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * Streams every file part of a multipart request to a temp file (never buffering it whole),
 * enforcing the per-kind size limit while streaming, then checks the real type by magic bytes.
 * A file whose content is not of an allowed type is refused whatever its name says.
 */
export async function receiveMultipart(
  req: FastifyRequest,
  opts: { files: Record<string, UploadKind>; maxFiles?: number },
): Promise<Received> {
  if (!req.isMultipart()) throw badRequest('Expected a multipart/form-data upload');
  const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-up-'));
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const cleanup = () => fsp.rm(tmpDir, { recursive: true, force: true });
  const maxBytes = Math.max(...Object.values(opts.files).map((k) => UPLOAD_KINDS[k].maxBytes));
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: opts.maxFiles ?? 5 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const kind = opts.files[part.fieldname];
      if (!kind) {
        part.file.resume();
        throw badRequest(`Unexpected file field '${part.fieldname}'`, [{ field: part.fieldname, message: 'Unexpected file' }]);
      }
      const limit = UPLOAD_KINDS[kind].maxBytes;
      const tmpPath = path.join(tmpDir, crypto.randomUUID());
      let size = 0;
      let tooLarge = false;
      part.file.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit && !tooLarge) {
          tooLarge = true;
          part.file.destroy(new HttpError(413, `File is too large (max ${Math.round(limit / 1024 / 1024)} MB)`, [{ field: part.fieldname, message: 'File is too large' }]));
        }
      });
      await pipeline(part.file, fs.createWriteStream(tmpPath));
      if (part.file.truncated || tooLarge) {
        throw new HttpError(413, `File is too large (max ${Math.round(limit / 1024 / 1024)} MB)`, [{ field: part.fieldname, message: 'File is too large' }]);
      }
      if (size === 0) throw badRequest('The file is empty', [{ field: part.fieldname, message: 'The file is empty' }]);
      const type = await fileTypeFromFile(tmpPath);
      const allowed = UPLOAD_KINDS[kind].mimes as readonly string[];
      if (!type || !allowed.includes(type.mime)) {
        throw new HttpError(415, `This file is not ${UPLOAD_KINDS[kind].label}`, [{ field: part.fieldname, message: `Must be ${UPLOAD_KINDS[kind].label}` }]);
      }
      files.push({ field: part.fieldname, tmpPath, mime: type.mime, ext: type.ext, size, originalName: (part.filename || '').slice(0, 200) });
    }
    return { files, fields, cleanup };
  } catch (err) {
    await cleanup();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'File is too large');
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('Too many files');
    throw err;
  }
}
