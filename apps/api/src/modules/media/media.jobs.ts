import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { and, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SCREENING_BLOCKED_MESSAGE, type MediaStatusEvent } from '@stagepass/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobInfo, Queue } from '../../platform/queue';
import type { Storage } from '../../platform/storage';
import type { Realtime } from '../../platform/realtime';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { files, type FileRow, type HlsInfo, type MediaType } from './media.tables';
import { MediaError, mediaTools, processMedia, type MediaTools } from './media.processing';
import { packageHls, type BurnIn } from './hls.package';
import { hlsKeyAad, hlsKeyCipher, hlsStorageKeys } from './media.hls';
import { VARIANT_VERSION, variantSeed } from './hls.variants';
import type { UploadScreening } from './screening.service';

export const MEDIA_PROCESS_JOB = 'media.process';
/**
 * Pictures' own queue (same handler): a photo, an avatar or a product image never waits behind a
 * video's encoding and packaging, which can take minutes to hours with one worker per queue.
 */
export const MEDIA_IMAGE_JOB = 'media.image';
/** The queue that processes a file of this type. */
export const mediaJobName = (type: MediaType | null): string => (type === 'image' ? MEDIA_IMAGE_JOB : MEDIA_PROCESS_JOB);
/** Queues processing of a file on its type's queue (one pending job per file: a second request while one waits is a no-op). */
export const sendProcessing = (queue: Pick<Queue, 'send'>, f: { id: string; mediaType: MediaType | null; size: number }) =>
  queue.send(mediaJobName(f.mediaType), { fileId: f.id }, { singletonKey: f.id, expireInSeconds: attemptSeconds(f.mediaType ?? 'video', f.size) });
/**
 * Ready private videos the backfill packages: never packaged, or packaged before the forensic
 * variants existed (README "Forensic A/B variants") and not given up on.
 */
const needsPackaging = or(isNull(files.hlsStatus), and(eq(files.hlsStatus, 'ready'), sql`(${files.hls}->>'variants') is null and (${files.hls}->>'error') is null`))!;
/** Packages a private video that has no HLS yet (the backfill after the upgrade; README "HLS"). Its own queue: uploads never wait behind it. */
export const MEDIA_HLS_JOB = 'media.hls';
export interface MediaProcessData {
  fileId: string;
}

/** Attempts after the first; then the file is `failed` with the last reason. */
export const MEDIA_RETRY_LIMIT = 2;
/** First retry after ~30–60 s, the second after ~60–120 s (pg-boss backoff with jitter). */
export const MEDIA_RETRY_DELAY_SECONDS = 30;
/** At most this long per attempt (a 2 GB video at veryfast); then it is killed and retried. */
export const MEDIA_ATTEMPT_SECONDS = 3 * 3600;

/**
 * Time allowed for one attempt, by type and size: short for images, longer for big videos. A
 * worker that dies mid-job leaves the job running in the database until this runs out, then it is
 * retried — so it should not be longer than the work needs.
 */
export function attemptSeconds(type: MediaType, sizeBytes: number): number {
  const mb = sizeBytes / (1024 * 1024);
  if (type === 'image') return 10 * 60;
  if (type === 'audio') return Math.min(MEDIA_ATTEMPT_SECONDS, 10 * 60 + mb * 3);
  return Math.min(MEDIA_ATTEMPT_SECONDS, 15 * 60 + mb * 6);
}
/** Files still `uploaded` this long after their last change get their job queued again. */
export const MEDIA_SWEEP_AFTER_SECONDS = 10 * 60;

const GENERIC_REASON = 'The file could not be processed';
const TIMEOUT_REASON = 'Processing did not finish in time';

interface Deps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'APP_SECRET' | 'dataKey' | 'dataKeysPrevious'>;
  log: FastifyBaseLogger;
  queue: Queue;
  /** Tells the uploader (`user:<ownerId>`) each status change: id, status and error only, never a URL. */
  realtime: Pick<Realtime, 'toUser'>;
  /** Upload screening (README.md "Upload screening"), before anything is rendered; absent → not screened. */
  screening?: UploadScreening;
  /** The creator's visible mark burned into packaged videos (modules/protection); absent → none. */
  marks?: VideoMarks;
}

/** What the packager asks of the protection module (set in the composition root). */
export interface VideoMarks {
  /** The creator's mark for a video of `ownerId` whose frames are width×height (null: the creator turned the visible mark off). */
  burnIn(ownerId: string, width: number, height: number): Promise<BurnIn | null>;
}

/**
 * The processing job of the media pipeline: uploaded → processing → ready | failed. Each attempt
 * reads the original from storage, screens it (README.md "Upload screening": a blocklisted upload
 * is quarantined — failed, nothing rendered — and the attempt ends there), renders every output in a temp directory (removed after),
 * stores them next to the original, records the results and deletes the original. A failed
 * attempt is retried (MEDIA_RETRY_LIMIT, with backoff); the last failure marks the file failed
 * with its reason. Attempts that die without a word (timeout, crashed worker) reach `onDead`.
 */
export function defineMediaJobs(deps: Deps): MediaJobs {
  const jobs = new MediaJobs(deps);
  for (const name of [MEDIA_PROCESS_JOB, MEDIA_IMAGE_JOB]) {
    deps.queue.define<MediaProcessData>({
      name,
      retryLimit: MEDIA_RETRY_LIMIT,
      retryDelaySeconds: MEDIA_RETRY_DELAY_SECONDS,
      expireInSeconds: MEDIA_ATTEMPT_SECONDS,
      singletonPerKey: true,
      handler: (data, job) => jobs.process(data.fileId, job),
      onDead: (data) => jobs.markFailed(data.fileId, TIMEOUT_REASON),
    });
  }
  deps.queue.define<MediaProcessData>({
    name: MEDIA_HLS_JOB,
    retryLimit: MEDIA_RETRY_LIMIT,
    retryDelaySeconds: MEDIA_RETRY_DELAY_SECONDS,
    expireInSeconds: MEDIA_ATTEMPT_SECONDS,
    singletonPerKey: true,
    handler: (data, job) => jobs.packageExisting(data.fileId, job),
    onDead: (data) => jobs.markHlsFailed(data.fileId, TIMEOUT_REASON),
  });
  return jobs;
}

export class MediaJobs {
  private tools: MediaTools;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;

  private cipher: ReturnType<typeof hlsKeyCipher>;

  constructor(private deps: Deps) {
    this.tools = mediaTools(deps.config);
    this.cipher = hlsKeyCipher(deps.config);
  }

  async process(fileId: string, job: Pick<JobInfo, 'isLastAttempt' | 'expireInSeconds' | 'signal'>): Promise<void> {
    const { db, storage, log } = this.deps;
    // Claim: only files still in the pipeline (a duplicate job for a finished file does nothing).
    const [file] = await db
      .update(files)
      .set({ status: 'processing', attempts: sql`${files.attempts} + 1` })
      .where(and(eq(files.id, fileId), inArray(files.status, ['uploaded', 'processing']), isNotNull(files.mediaType)))
      .returning();
    if (!file) return;
    this.notify(file.ownerId, { fileId, status: 'processing' });
    const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-media-'));
    // Stop before pg-boss gives up on the attempt (it would start another one meanwhile), or at shutdown.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(30, job.expireInSeconds - 30) * 1000);
    const onShutdown = () => controller.abort();
    job.signal.addEventListener('abort', onShutdown, { once: true });
    try {
      const src = storage.localPath(file.storageKey) ?? (await this.download(file, workDir));
      // Screening first: a blocked upload is quarantined (failed, original kept for the operator) and nothing is rendered.
      let screeningHashes = (file.meta?.screeningHashes as string[] | undefined) ?? [];
      if (this.deps.screening && !file.meta?.screeningCleared) {
        const screened = await this.deps.screening.screen(file, src, workDir, controller.signal);
        if (screened.blocked) {
          this.notify(file.ownerId, { fileId, status: 'failed', error: SCREENING_BLOCKED_MESSAGE });
          return;
        }
        screeningHashes = screened.hashes;
      }
      const result = await processMedia(file.mediaType!, src, {
        tools: this.tools,
        workDir,
        sourceMime: String(file.meta?.sourceMime ?? file.mimeType),
        signal: controller.signal,
      });
      const dir = `${file.visibility}/${file.kind}/${file.id}`;
      // Private videos stream as encrypted HLS (README "HLS"), packaged from the converted MP4.
      const main = result.outputs.find((o) => o.name === result.main)!;
      const hls = file.mediaType === 'video' && file.visibility === 'private' && result.width && result.height
        ? await this.packageTo(file, dir, main.path, { width: result.width, height: result.height }, workDir, controller.signal)
        : null;
      const variants: Record<string, string> = {};
      for (const o of result.outputs) {
        const key = `${dir}/${o.name}.${o.ext}`;
        await storage.putFile(key, o.path, o.contentType);
        variants[o.name] = key;
      }
      let preview: string | null = null;
      if (result.preview) {
        // The blurred preview shows nothing, so it is public even for paid media.
        preview = `public/${file.kind}/${file.id}/preview.${result.preview.ext}`;
        await storage.putFile(preview, result.preview.path, result.preview.contentType);
      }
      const [done] = await db
        .update(files)
        .set({
          status: 'ready',
          error: null,
          storageKey: variants[result.main]!,
          mimeType: result.mimeType,
          size: (await fsp.stat(result.outputs.find((o) => o.name === result.main)!.path)).size,
          width: result.width ?? null,
          height: result.height ?? null,
          duration: result.duration ?? null,
          preview,
          variants,
          meta: { ...file.meta, thumbnails: result.thumbnails, originalKey: undefined, ...(screeningHashes.length ? { screeningHashes } : {}) },
          ...(hls ? { hlsStatus: 'ready' as const, hls } : {}),
        })
        .where(and(eq(files.id, file.id), eq(files.status, 'processing')))
        .returning({ id: files.id, ownerId: files.ownerId });
      if (done) this.notify(done.ownerId, { fileId, status: 'ready' });
      if (!done) {
        // Deleted (or finished by a twin job) meanwhile: keep nothing we wrote that is not in use.
        const current = await db.select().from(files).where(eq(files.id, file.id));
        const inUse = new Set(current[0] ? [current[0].storageKey, ...Object.values(current[0].variants), current[0].preview, ...hlsStorageKeys(current[0].hls)] : []);
        for (const k of [...Object.values(variants), preview, ...hlsStorageKeys(hls)]) if (k && !inUse.has(k)) await storage.delete(k).catch(() => undefined);
        return;
      }
      // The original is not needed any more (and may carry metadata such as a location).
      if (file.storageKey !== variants[result.main]) {
        await storage.delete(file.storageKey).catch((err) => log.warn({ err, key: file.storageKey }, 'could not delete a processed original'));
      }
    } catch (err) {
      // Shutting down: the attempt was already failed and will be retried; the database may be closing.
      if (job.signal.aborted) throw err;
      const reason = controller.signal.aborted ? TIMEOUT_REASON : err instanceof MediaError ? err.message : GENERIC_REASON;
      if (!(err instanceof MediaError)) log.error({ err, fileId }, 'media processing error');
      if (job.isLastAttempt) await this.markFailed(fileId, reason);
      else await db.update(files).set({ error: reason }).where(and(eq(files.id, fileId), eq(files.status, 'processing')));
      throw err;
    } finally {
      clearTimeout(timer);
      job.signal.removeEventListener('abort', onShutdown);
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * Packages `mp4` (the converted video) as encrypted HLS and stores the package under
   * `<dir>/hls/`: a random AES-128 key per file, sealed at rest (hlsKeyCipher) in the row's `hls`.
   */
  private async packageTo(file: Pick<FileRow, 'id' | 'ownerId'>, dir: string, mp4: string, size: { width: number; height: number }, workDir: string, signal: AbortSignal): Promise<HlsInfo> {
    const key = crypto.randomBytes(16);
    // The creator's visible mark, burned in (README "Visible mark"); forensic A/B variants always (README "Forensic A/B variants").
    const burnIn = file.ownerId && this.deps.marks ? await this.deps.marks.burnIn(file.ownerId, size.width, size.height) : null;
    const variantSeedOf = variantSeed(this.deps.config.APP_SECRET, file.id);
    const pkg = await packageHls(mp4, { tools: this.tools, workDir, sourceMime: 'video/mp4', signal, key, ...size, variantSeed: variantSeedOf, burnIn });
    // A folder of its own per packaging: two racing jobs never write (or clean up) each other's files.
    const hlsDir = `${dir}/hls-${crypto.randomBytes(4).toString('hex')}`;
    const box = burnIn ? await sharp(burnIn.png).metadata() : null;
    const info: HlsInfo = {
      dir: hlsDir, renditions: pkg.renditions, key: this.cipher.seal(key, hlsKeyAad(file.id)).toString('base64'), seconds: Math.round(pkg.seconds * 10) / 10,
      variants: VARIANT_VERSION,
      ...(burnIn && box ? { burnIn: { left: burnIn.left, top: burnIn.top, width: box.width ?? 0, height: box.height ?? 0 } } : {}),
    };
    try {
      for (const o of pkg.outputs) await this.deps.storage.putFile(`${hlsDir}/${o.name}.${o.ext}`, o.path, o.contentType);
      // The burned-in picture, for the tracer (it draws it on its clean reference frames).
      if (burnIn) await this.deps.storage.put(`${hlsDir}/mark.png`, burnIn.png, 'image/png');
    } catch (err) {
      for (const k of hlsStorageKeys(info)) await this.deps.storage.delete(k).catch(() => undefined);
      throw err;
    }
    return info;
  }

  /**
   * The backfill's job: a ready private video without HLS (processed before HLS existed) is
   * packaged from its stored MP4. Per-file state in `hls_status` (null → ready | failed), so the
   * backfill resumes where it stopped; a duplicate job for a packaged file does nothing.
   */
  async packageExisting(fileId: string, job: Pick<JobInfo, 'isLastAttempt' | 'expireInSeconds' | 'signal'>): Promise<void> {
    const { db, storage, log } = this.deps;
    const [file] = await db.select().from(files).where(and(eq(files.id, fileId), eq(files.status, 'ready'), eq(files.mediaType, 'video'), eq(files.visibility, 'private'), needsPackaging));
    if (!file || !file.width || !file.height) return;
    const old = file.hls;
    const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-media-'));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(30, job.expireInSeconds - 30) * 1000);
    const onShutdown = () => controller.abort();
    job.signal.addEventListener('abort', onShutdown, { once: true });
    let info: HlsInfo | null = null;
    try {
      const src = storage.localPath(file.storageKey) ?? (await this.download({ ...file, meta: { ...file.meta, sourceExt: 'mp4' } }, workDir));
      info = await this.packageTo(file, `${file.visibility}/${file.kind}/${file.id}`, src, { width: file.width, height: file.height }, workDir, controller.signal);
      const [done] = await db.update(files).set({ hlsStatus: 'ready', hls: info }).where(and(eq(files.id, file.id), needsPackaging)).returning({ id: files.id });
      if (!done) for (const k of hlsStorageKeys(info)) await storage.delete(k).catch(() => undefined);
      // A package made before the forensic variants is replaced: its files go (players holding its playlist reload).
      else for (const k of hlsStorageKeys(old)) await storage.delete(k).catch(() => undefined);
    } catch (err) {
      if (job.signal.aborted) throw err;
      const reason = controller.signal.aborted ? TIMEOUT_REASON : err instanceof MediaError ? err.message : GENERIC_REASON;
      if (!(err instanceof MediaError)) log.error({ err, fileId }, 'HLS packaging error');
      if (job.isLastAttempt) await this.markHlsFailed(fileId, reason);
      throw err;
    } finally {
      clearTimeout(timer);
      job.signal.removeEventListener('abort', onShutdown);
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * The backfill gave up on a file: never packaged → `failed`; packaged before the variants → it
   * keeps playing its old package, the reason noted in `hls.error` (the backfill skips it then).
   */
  async markHlsFailed(fileId: string, reason: string): Promise<void> {
    await this.deps.db.update(files).set({ hlsStatus: 'failed', hls: { error: reason } }).where(and(eq(files.id, fileId), isNull(files.hlsStatus)));
    await this.deps.db
      .update(files)
      .set({ hls: sql`${files.hls} || ${JSON.stringify({ error: reason })}::jsonb` })
      .where(and(eq(files.id, fileId), eq(files.hlsStatus, 'ready'), sql`(${files.hls}->>'variants') is null`));
  }

  /** Queues the HLS backfill (queueHlsBackfill). */
  backfillHls(limit = 500): Promise<number> {
    return queueHlsBackfill(this.deps.db, this.deps.queue, limit);
  }

  /** Marks a file failed with a reason, unless it finished meanwhile. */
  async markFailed(fileId: string, reason: string): Promise<void> {
    const [failed] = await this.deps.db
      .update(files)
      .set({ status: 'failed', error: reason })
      .where(and(eq(files.id, fileId), inArray(files.status, ['uploaded', 'processing'])))
      .returning({ ownerId: files.ownerId });
    if (failed) this.notify(failed.ownerId, { fileId, status: 'failed', error: reason });
  }

  private notify(ownerId: string | null, e: MediaStatusEvent) {
    if (ownerId) this.deps.realtime.toUser(ownerId, 'media/status', e);
  }

  private async download(file: FileRow, workDir: string): Promise<string> {
    const dest = path.join(workDir, `source.${String(file.meta?.sourceExt ?? 'bin')}`);
    await pipeline(await this.deps.storage.get(file.storageKey), fs.createWriteStream(dest));
    return dest;
  }

  /**
   * Files left `uploaded` without a job (the process died between storing and queueing) are
   * queued again. A file whose job is still waiting is not queued twice (one pending job per file).
   */
  async sweep(): Promise<number> {
    const stale = await this.deps.db
      .select({ id: files.id, mediaType: files.mediaType, size: files.size })
      .from(files)
      .where(and(eq(files.status, 'uploaded'), isNotNull(files.mediaType), lt(files.updatedAt, new Date(Date.now() - MEDIA_SWEEP_AFTER_SECONDS * 1000))))
      .limit(500);
    for (const f of stale) await sendProcessing(this.deps.queue, f);
    return stale.length;
  }

  /** On nodes that work jobs: sweep at start and every few minutes. */
  startSweeping(): void {
    if (this.deps.queue.workers === 0 || this.sweepTimer) return;
    const tick = () => {
      if (this.sweeping) return;
      this.sweeping = Promise.all([this.sweep(), this.backfillHls()])
        .catch((err) => this.deps.log.warn({ err }, 'media sweep failed'))
        .finally(() => { this.sweeping = null; });
    };
    tick();
    this.sweepTimer = setInterval(tick, MEDIA_SWEEP_AFTER_SECONDS * 1000).unref();
  }

  async stopSweeping(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.sweeping;
  }
}

/**
 * Queues packaging of ready private videos without HLS, oldest first, up to `limit` (one pending
 * job per file). Run by the sweep on worker nodes, so the backfill after an upgrade starts by
 * itself and resumes after a restart. Answers how many were queued.
 */
export async function queueHlsBackfill(db: Db, queue: Queue, limit = 500): Promise<number> {
  const todo = await db
    .select({ id: files.id, size: files.size })
    .from(files)
    .where(and(eq(files.mediaType, 'video'), eq(files.visibility, 'private'), eq(files.status, 'ready'), needsPackaging))
    .orderBy(files.id)
    .limit(limit);
  for (const f of todo) {
    await queue.send(MEDIA_HLS_JOB, { fileId: f.id }, { singletonKey: f.id, expireInSeconds: attemptSeconds('video', f.size) });
  }
  return todo.length;
}

/** The backfill's progress: private ready videos packaged (with variants), failed, waiting (never packaged, or packaged before the variants). */
export async function hlsProgress(db: Db): Promise<{ total: number; done: number; failed: number; pending: number }> {
  const state = sql<string>`case when ${files.hlsStatus} is null then 'pending' when ${files.hlsStatus} = 'failed' then 'failed'
    when (${files.hls}->>'variants') is not null then 'done' when (${files.hls}->>'error') is not null then 'failed' else 'pending' end`;
  const rows = await db
    .select({ state, n: count() })
    .from(files)
    .where(and(eq(files.mediaType, 'video'), eq(files.visibility, 'private'), eq(files.status, 'ready')))
    .groupBy(state);
  const of = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
  const done = of('done');
  const failed = of('failed');
  const pending = of('pending');
  return { total: done + failed + pending, done, failed, pending };
}

/**
 * Failed packagings get another go (the console's "Retry failed"): reset and audited in one
 * transaction (`media.hls-retry`, the count before/after), then queued. Answers how many were reset.
 */
export async function retryFailedHls(db: Db, queue: Queue, actor: AuditActor): Promise<number> {
  const reset = await db.transaction(async (tx) => {
    const rows = await tx
      .update(files)
      .set({ hlsStatus: null, hls: null })
      .where(and(eq(files.mediaType, 'video'), eq(files.visibility, 'private'), eq(files.status, 'ready'), eq(files.hlsStatus, 'failed')))
      .returning({ id: files.id });
    // Packaged before the variants and given up on: the error goes, the backfill takes them again.
    const old = await tx
      .update(files)
      .set({ hls: sql`${files.hls} - 'error'` })
      .where(and(eq(files.mediaType, 'video'), eq(files.visibility, 'private'), eq(files.status, 'ready'), eq(files.hlsStatus, 'ready'), sql`(${files.hls}->>'variants') is null and (${files.hls}->>'error') is not null`))
      .returning({ id: files.id });
    rows.push(...old);
    await recordAudit(tx, actor, { action: 'media.hls-retry', targetType: 'media', targetId: null, before: { failed: rows.length }, after: { failed: 0, queued: rows.length } });
    return rows.length;
  });
  await queueHlsBackfill(db, queue);
  return reset;
}
