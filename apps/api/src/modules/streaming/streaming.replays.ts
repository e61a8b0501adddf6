import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { VIDEO_FILE_KINDS, VIDEO_TITLE_MAX } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import type { Events } from '../../platform/events';
import type { Queue } from '../../platform/queue';
import type { LiveMedia } from '../../platform/live/provider';
import { users } from '../users/users.tables';
import type { MediaService } from '../media/media.service';
import type { MediaTools } from '../media/media.processing';
import type { VideosService } from '../videos/videos.service';
import { originRoom, streams, type StreamRow } from './streaming.tables';

const run = promisify(execFile);

export const REPLAY_JOB = 'streaming.replay';
/** Why a recording made no replay when the camera never sent a picture. */
export const REPLAY_NO_MEDIA = 'The camera never sent any video, so there was nothing to record';
const REPLAY_BROKEN = 'The recording could not be converted into a video';

/**
 * The name of one recorded segment (one publish) of a stream: `<streamId>-<ms since epoch, 15
 * digits>`, so that the names of a stream's segments sort in time order. Janus writes
 * `<name>-video-<mid>.mjr` and `<name>-audio-<mid>.mjr` under JANUS_RECORDINGS_DIR.
 */
export function replaySegmentName(streamId: string, now: Date): string {
  return `${streamId}-${String(now.getTime()).padStart(15, '0')}`;
}

/** "Replay of <title> (27 Nov 2026)", within a video title's length. */
export function replayTitle(title: string, startedAt: Date): string {
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(startedAt);
  const room = VIDEO_TITLE_MAX - `Replay of  (${date})`.length;
  const t = title.length > room ? `${title.slice(0, room - 1)}…` : title;
  return `Replay of ${t} (${date})`;
}

/** A failure that is the recording's (no media, unreadable): reported to the creator at once, not retried. */
class ReplayFailure extends Error {}

export interface ReplayDeps {
  db: Db;
  events: Events;
  /** The media pipeline: the replay file goes in like an upload (transcoding, poster, preview, signed URLs). */
  media: Pick<MediaService, 'storeUpload'>;
  videos: Pick<VideosService, 'create'>;
  /** The Janus of this machine (its room is destroyed before reading, so the recorders are closed); null on a node without it. */
  live: LiveMedia | null;
  /** JANUS_RECORDINGS_DIR; null = no recordings here. */
  recordingsDir: string | null;
  tools: Pick<MediaTools, 'ffmpeg' | 'ffprobe'>;
  /** janus-pp-rec (Debian's janus-tools). */
  ppRec: string;
  log: FastifyBaseLogger;
}

interface Segment {
  name: string;
  video: string[];
  audio: string[];
}

/**
 * Replays (README.md beside this file, "Replays"): after a recorded stream ends, its Janus
 * recordings become one draft video of the creator — each segment's `.mjr` files through
 * janus-pp-rec (VP8 → WebM, Opus → .opus), ffmpeg muxes each segment and joins them in order, and
 * the result enters the media pipeline as an upload of the creator (so it is in their vault),
 * attached to a new draft video "Replay of <title> (<date>)". `replayStatus` goes processing →
 * ready (replayVideoId) | failed (replayError), and `stream.replay` tells the creator either way.
 */
export class StreamReplays {
  constructor(private deps: ReplayDeps) {}

  /** The job: idempotent — a stream whose replay is done (ready/failed) or was never asked for is left alone. */
  async make(streamId: string): Promise<void> {
    const [row] = await this.deps.db
      .update(streams)
      .set({ replayStatus: 'processing' })
      .where(and(eq(streams.id, streamId), eq(streams.record, true), eq(streams.status, 'ended'), inArray(streams.replayStatus, ['recording', 'processing'])))
      .returning();
    if (!row) return;
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-replay-'));
    try {
      await this.closeRoom(row);
      const segments = await this.segments(row.id);
      await this.attach(row, await this.convert(segments, tmp), 'webm');
      await this.removeRecordings(segments);
    } catch (err) {
      if (!(err instanceof ReplayFailure)) throw err; // retried; the last failure → onDead → failed
      await this.fail(row.id, err.message);
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }

  /**
   * The replay's file (a stream claimed 'processing') enters the media pipeline as the creator's
   * upload and becomes their draft video "Replay of …"; the video and the stream's 'ready' are one
   * transaction, so a retried job cannot make a second video. Answers the video's id. (The demo
   * seed gives a past stream its replay through here too.)
   */
  async attach(row: StreamRow, file: string, ext: 'webm' | 'mp4'): Promise<string> {
    const stat = await fs.stat(file);
    const upload = await this.deps.media.storeUpload(row.performerId, VIDEO_FILE_KINDS.video, 'video', {
      field: 'video', tmpPath: file, mime: `video/${ext}`, ext, size: stat.size, originalName: `${replayTitle(row.title, row.startedAt)}.${ext}`,
    });
    const [owner] = await this.deps.db.select().from(users).where(eq(users.id, row.performerId));
    if (!owner) throw new ReplayFailure('The creator\'s account is gone');
    const video = await this.deps.videos.create(owner, { title: replayTitle(row.title, row.startedAt), description: row.description, tags: [], status: 'draft', access: 'free', fileId: upload.id }, async (tx, videoId) => {
      if (!(await this.finishIn(tx, row, { replayStatus: 'ready', replayVideoId: videoId, replayError: null }))) throw new ReplayFailure('This replay was already made');
    });
    return video.id;
  }

  /** Marks the replay failed (the job's last attempt, or a recording with nothing in it). */
  async fail(streamId: string, reason: string): Promise<void> {
    const [row] = await this.deps.db.select().from(streams).where(eq(streams.id, streamId));
    if (!row || row.replayStatus === 'ready' || row.replayStatus === 'failed') return;
    await this.finish(row, { replayStatus: 'failed', replayError: reason.split('\n')[0]!.slice(0, 300), replayVideoId: null });
  }

  private async finish(row: StreamRow, patch: Pick<StreamRow, 'replayStatus' | 'replayVideoId' | 'replayError'>): Promise<void> {
    await this.deps.db.transaction((tx) => this.finishIn(tx, row, patch));
  }

  /** The replay's outcome and its `stream.replay` event, inside `tx`; false when it was already decided. */
  private async finishIn(tx: Tx, row: StreamRow, patch: Pick<StreamRow, 'replayStatus' | 'replayVideoId' | 'replayError'>): Promise<boolean> {
    const [done] = await tx.update(streams).set(patch).where(and(eq(streams.id, row.id), eq(streams.replayStatus, 'processing'))).returning({ id: streams.id });
    if (!done) return false;
    await this.deps.events.record(tx, 'stream.replay', {
      streamId: row.id, performerId: row.performerId, title: row.title, status: patch.replayStatus === 'ready' ? 'ready' : 'failed', videoId: patch.replayVideoId, reason: patch.replayError,
    });
    return true;
  }

  /** Janus closes a room's recorders when the room goes (the stream's end destroys it too; idempotent). */
  private async closeRoom(row: StreamRow): Promise<void> {
    const { live } = this.deps;
    const room = live?.available() ? originRoom(row, live.servers()) : null;
    if (!live || !room) return;
    await live.destroyRoom(room).catch((err: unknown) => this.deps.log.warn({ err, streamId: row.id }, 'replay: destroying the room failed'));
  }

  /** The stream's recorded segments, oldest first. */
  private async segments(streamId: string): Promise<Segment[]> {
    const dir = this.deps.recordingsDir;
    if (!dir) throw new ReplayFailure('This server keeps no recordings (JANUS_RECORDINGS_DIR is not set)');
    const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    const re = new RegExp(`^(${streamId}-\\d{15})-(video|audio)-\\d+\\.mjr$`);
    const byName = new Map<string, Segment>();
    for (const n of names) {
      const m = re.exec(n);
      if (!m) continue;
      const seg = byName.get(m[1]!) ?? { name: m[1]!, video: [], audio: [] };
      seg[m[2] as 'video' | 'audio'].push(path.join(dir, n));
      byName.set(seg.name, seg);
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Every segment with video → one WebM (VP8 + Opus); none → ReplayFailure(REPLAY_NO_MEDIA). */
  private async convert(segments: Segment[], tmp: string): Promise<string> {
    const parts: string[] = [];
    for (const [i, seg] of segments.entries()) {
      const video = path.join(tmp, `${i}-video.webm`);
      if (!seg.video[0] || !(await this.ppRec(seg.video[0], video)) || !(await this.hasVideo(video))) continue;
      const audio = path.join(tmp, `${i}-audio.opus`);
      const withAudio = seg.audio[0] ? (await this.ppRec(seg.audio[0], audio)) && (await this.hasAudio(audio)) : false;
      // Every part gets the same streams (VP8 + Opus; silence when the microphone sent nothing), so they join without re-encoding.
      const part = path.join(tmp, `${i}.webm`);
      await this.ffmpeg([
        '-i', video,
        ...(withAudio ? ['-i', audio] : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000']),
        '-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy', '-c:a', withAudio ? 'copy' : 'libopus', '-shortest', '-f', 'webm', part,
      ]);
      parts.push(part);
    }
    if (parts.length === 0) throw new ReplayFailure(REPLAY_NO_MEDIA);
    if (parts.length === 1) return parts[0]!;
    const list = path.join(tmp, 'parts.txt');
    await fs.writeFile(list, parts.map((p) => `file '${p}'\n`).join(''));
    const out = path.join(tmp, 'replay.webm');
    await this.ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-f', 'webm', out]);
    return out;
  }

  /** janus-pp-rec: false when the recording holds no usable packets (it exits non-zero, or writes nothing). */
  private async ppRec(src: string, dest: string): Promise<boolean> {
    try {
      await run(this.deps.ppRec, ['-d', '2', src, dest], { timeout: 30 * 60_000, maxBuffer: 16 * 1024 * 1024 });
    } catch (err) {
      this.deps.log.info({ err, src }, 'replay: janus-pp-rec found nothing to convert');
      return false;
    }
    return (await fs.stat(dest).catch(() => null))?.size ? true : false;
  }

  private async streamsOf(file: string): Promise<Array<{ codec_type?: string }>> {
    try {
      const { stdout } = await run(this.deps.tools.ffprobe, ['-v', 'error', '-show_streams', '-of', 'json', file], { timeout: 60_000 });
      return (JSON.parse(stdout) as { streams?: Array<{ codec_type?: string }> }).streams ?? [];
    } catch {
      return [];
    }
  }

  private async hasVideo(file: string): Promise<boolean> {
    return (await this.streamsOf(file)).some((s) => s.codec_type === 'video');
  }

  private async hasAudio(file: string): Promise<boolean> {
    return (await this.streamsOf(file)).some((s) => s.codec_type === 'audio');
  }

  private async ffmpeg(args: string[]): Promise<void> {
    try {
      await run(this.deps.tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { timeout: 60 * 60_000, maxBuffer: 16 * 1024 * 1024 });
    } catch (err) {
      const detail = String((err as { stderr?: string }).stderr ?? '').trim().split('\n').pop() ?? '';
      throw new ReplayFailure(`${REPLAY_BROKEN}${detail ? `: ${detail}` : ''}`);
    }
  }

  private async removeRecordings(segments: Segment[]): Promise<void> {
    for (const f of segments.flatMap((s) => [...s.video, ...s.audio])) await fs.rm(f, { force: true });
  }
}

/**
 * The replay job: queued when a recorded stream ends (`stream.ended`, a side effect: queueing
 * twice is once, the job is a singleton per stream and idempotent), retried twice; its last
 * failure marks the replay failed, so the creator is told.
 */
export function defineReplayJobs(deps: ReplayDeps & { queue: Queue }): StreamReplays {
  const replays = new StreamReplays(deps);
  deps.queue.define<{ streamId: string }>({
    name: REPLAY_JOB,
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 3 * 3600,
    singletonPerKey: true,
    handler: ({ streamId }) => replays.make(streamId),
    onDead: async ({ streamId }) => {
      deps.log.error({ streamId }, 'replay: the conversion failed for good');
      await replays.fail(streamId, REPLAY_BROKEN);
    },
  });
  deps.events.onSideEffect('stream.ended', 'streaming.replay', async ({ payload }) => {
    // A stream still recording when it ended (a replay already under way or given — the demo's — is left alone).
    const [row] = await deps.db.select({ record: streams.record, status: streams.replayStatus }).from(streams).where(eq(streams.id, payload.streamId));
    if (!row?.record || row.status !== 'recording') return;
    await deps.queue.send(REPLAY_JOB, { streamId: payload.streamId }, { singletonKey: payload.streamId });
  });
  return replays;
}
