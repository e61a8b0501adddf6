import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, badRequest } from './errors';
import { nulError } from './input-guard';
import { settleRefusedBody } from './upload-refusal';

/** The largest upload of any kind (videos); each route sets its own, smaller limit. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

export const UPLOAD_KINDS = {
  image: { mimes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic'], maxBytes: 15 * 1024 * 1024, label: 'an image (JPEG, PNG, WebP, GIF, AVIF)' },
  document: { mimes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], maxBytes: 15 * 1024 * 1024, label: 'an image or a PDF' },
  // file-type names MKV video/matroska and AVI video/vnd.avi (the x- names are kept for safety).
  video: {
    mimes: ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/3gpp', 'video/webm', 'video/matroska', 'video/x-matroska', 'video/vnd.avi', 'video/x-msvideo', 'video/mpeg'],
    maxBytes: MAX_UPLOAD_BYTES,
    label: 'a video (MP4, MOV, WebM, MKV, AVI)',
  },
  audio: {
    // WebM is reported as video/webm whatever it holds (browsers record voice as audio-only WebM).
    mimes: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/wav', 'audio/x-wav', 'audio/vnd.wave', 'audio/ogg', 'audio/opus', 'audio/webm', 'video/webm', 'audio/flac', 'audio/x-flac'],
    maxBytes: 200 * 1024 * 1024,
    label: 'an audio file (MP3, M4A, AAC, WAV, OGG, FLAC)',
  },
} as const;
/**
 * A file of any type (a digital product's download): the content type is what the magic bytes say,
 * or application/octet-stream when they say nothing. Only ever stored private and delivered as an
 * attachment (`X-Content-Type-Options: nosniff`), never shown inline.
 */
const ANY_FILE_KIND = { mimes: [] as readonly string[], maxBytes: 1024 * 1024 * 1024, label: 'a file' };
/** A leaked copy for the tracer (modules/protection): a picture or a video clip, at most 300 MB (a few minutes at any usual quality). */
const LEAK_KIND = {
  mimes: [...UPLOAD_KINDS.image.mimes, ...UPLOAD_KINDS.video.mimes] as readonly string[],
  maxBytes: 300 * 1024 * 1024,
  label: 'a picture or a video clip',
};
export type UploadKind = keyof typeof UPLOAD_KINDS | 'media' | 'file' | 'leak';
/** Any photo, video or audio file (message attachments): the content decides which. */
const MEDIA_KIND = {
  mimes: [...new Set([...UPLOAD_KINDS.image.mimes, ...UPLOAD_KINDS.video.mimes, ...UPLOAD_KINDS.audio.mimes])],
  maxBytes: MAX_UPLOAD_BYTES,
  label: 'a photo, a video or an audio file',
};
const kindOf = (k: UploadKind) => (k === 'media' ? MEDIA_KIND : k === 'file' ? ANY_FILE_KIND : k === 'leak' ? LEAK_KIND : UPLOAD_KINDS[k]);
/** The media type of a received file of the media pipeline (by its checked content type). */
export const mediaTypeOf = (mime: string): 'image' | 'video' | 'audio' =>
  (UPLOAD_KINDS.image.mimes as readonly string[]).includes(mime) ? 'image' : (UPLOAD_KINDS.audio.mimes as readonly string[]).includes(mime) && mime !== 'video/webm' ? 'audio' : 'video';

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
  const maxBytes = Math.max(...Object.values(opts.files).map((k) => kindOf(k).maxBytes));
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: opts.maxFiles ?? 5 } })) {
      if (part.type === 'field') {
        const value = String(part.value ?? '');
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw nulError([part.fieldname.replaceAll('\u0000', '\\0')]);
        fields[part.fieldname] = value;
        continue;
      }
      if ((part.filename ?? '').includes('\u0000')) {
        part.file.resume();
        throw nulError([part.fieldname]);
      }
      const kind = opts.files[part.fieldname];
      if (!kind) {
        part.file.resume();
        throw badRequest(`Unexpected file field '${part.fieldname}'`, [{ field: part.fieldname, message: 'Unexpected file' }]);
      }
      const limit = kindOf(kind).maxBytes;
      const tmpPath = path.join(tmpDir, crypto.randomUUID());
      const sniffer = new TypeSniffer(part.fieldname, kind, limit);
      await pipeline(part.file, sniffer, fs.createWriteStream(tmpPath));
      if (part.file.truncated) throw tooLarge(part.fieldname, limit);
      if (sniffer.size === 0) throw badRequest('The file is empty', [{ field: part.fieldname, message: 'The file is empty' }]);
      const type = sniffer.type!;
      const size = sniffer.size;
      const received: ReceivedFile = { field: part.fieldname, tmpPath, mime: type.mime, ext: type.ext, size, originalName: (part.filename || '').slice(0, 200) };
      files.push(received);
      // A cut-off MP4/MOV is refused here, for every upload route, before anything is stored or
      // queued (it would only fail later, in processing).
      await assertWholeContainer(received);
    }
    return { files, fields, cleanup };
  } catch (err) {
    await cleanup();
    await settleRefusedBody(req);
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'File is too large');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Too many files');
    if (isCutOff(req, err)) throw badRequest(UPLOAD_CUT_OFF, [{ field: '_', message: UPLOAD_CUT_OFF }]);
    throw err;
  }
}

/** ISO base media files (MP4, MOV, 3GP, M4A): a sequence of boxes, each starting with its size. */
const ISO_BMFF_MIMES = new Set(['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/3gpp', 'audio/mp4', 'audio/x-m4a']);
export const INCOMPLETE_MEDIA = 'This file is incomplete, so it cannot be played';
const INCOMPLETE_DETAIL = 'The file ends early (it was cut off while copying, downloading or recording): send the whole file';

/**
 * Whether a received MP4/MOV/3GP/M4A is whole, before it is stored and queued for processing (the
 * magic bytes only prove its first box). Walks the top-level boxes by their headers (no decoding):
 * each must fit in the file, and the index (`moov`) must be there — a file cut off in `mdat` has a
 * box running past the end, one cut before `moov` has no index; either would only fail later, in
 * processing. 415 with the field otherwise; other types pass unchecked.
 */
export async function assertWholeContainer(file: ReceivedFile): Promise<void> {
  if (!ISO_BMFF_MIMES.has(file.mime)) return;
  const incomplete = () => new HttpError(415, INCOMPLETE_MEDIA, [{ field: file.field, message: INCOMPLETE_DETAIL }]);
  const fh = await fsp.open(file.tmpPath, 'r');
  try {
    const head = Buffer.alloc(16);
    let pos = 0;
    let index = false;
    while (pos < file.size) {
      const { bytesRead } = await fh.read(head, 0, 16, pos);
      if (bytesRead < 8) throw incomplete();
      let size = head.readUInt32BE(0);
      if (size === 1) size = bytesRead < 16 ? 0 : Number(head.readBigUInt64BE(8));
      else if (size === 0) size = file.size - pos; // the last box, to the end of the file
      if (size < 8 || pos + size > file.size) throw incomplete();
      if (head.toString('latin1', 4, 8) === 'moov') index = true;
      pos += size;
    }
    if (!index) throw incomplete();
  } finally {
    await fh.close();
  }
}

export const UPLOAD_CUT_OFF = 'The upload was cut off before it finished; please send the file again';

/**
 * Whether a multipart read failed because of what the client sent rather than on our side: the
 * body ended before its closing boundary (busboy: "Unexpected end of form"), its part headers were
 * malformed, or the client closed the connection mid-upload. Our own failures (writing the temp
 * file: ENOSPC, EACCES… — system errors carry a `syscall`) stay 500s.
 */
function isCutOff(req: FastifyRequest, err: unknown): boolean {
  const e = err as { code?: string; message?: string; syscall?: string };
  if (e?.syscall) return false;
  if (req.raw.aborted || req.raw.readableAborted || (req.raw.destroyed && !req.raw.complete)) return true;
  if (e?.code === 'ERR_STREAM_PREMATURE_CLOSE' || e?.code === 'ECONNRESET' || e?.code === 'ECONNABORTED') return true;
  return /unexpected end of (form|multipart)|malformed (part header|urlencoded form)|boundary not found|premature close|^aborted$/i.test(e?.message ?? '');
}

const SNIFF_BYTES = 4100;
const tooLarge = (field: string, limit: number) =>
  new HttpError(413, `File is too large (max ${Math.round(limit / 1024 / 1024)} MB)`, [{ field, message: 'File is too large' }]);

/**
 * Passes bytes through once the first few KB prove the content is of an allowed type (magic
 * bytes), and stops the upload as soon as it goes over the kind's size limit — so a disguised or
 * oversized file is refused without reading or storing all of it.
 */
class TypeSniffer extends Transform {
  size = 0;
  type: { mime: string; ext: string } | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;
  constructor(private field: string, private kind: UploadKind, private limit: number) {
    super();
  }
  private async check(): Promise<void> {
    const head = Buffer.concat(this.head);
    const t = await fileTypeFromBuffer(head);
    if (this.kind === 'file') {
      this.type = t ? { mime: t.mime, ext: t.ext } : { mime: 'application/octet-stream', ext: 'bin' };
      this.push(head);
      this.head = [];
      return;
    }
    const allowed = kindOf(this.kind).mimes as readonly string[];
    if (!t || !allowed.includes(t.mime)) {
      throw new HttpError(415, `This file is not ${kindOf(this.kind).label}`, [{ field: this.field, message: `Must be ${kindOf(this.kind).label}` }]);
    }
    this.type = { mime: t.mime, ext: t.ext };
    this.push(head);
    this.head = [];
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void) {
    this.size += chunk.length;
    if (this.size > this.limit) return cb(tooLarge(this.field, this.limit));
    if (this.type) {
      this.push(chunk);
      return cb();
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return cb();
    this.check().then(() => cb(), cb);
  }
  override _flush(cb: (err?: Error | null) => void) {
    if (this.type || this.size === 0) return cb();
    this.check().then(() => cb(), cb);
  }
}
