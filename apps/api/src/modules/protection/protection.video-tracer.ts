import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { parseSegments } from '../media/hls.package';
import { variantSeed } from '../media/hls.variants';
import type { MediaService } from '../media/media.service';
import type { FileRow } from '../media/media.tables';
import { probe, type MediaTools } from '../media/media.processing';
import { toSigned } from '../media/screening.service';
import { protectionHashes } from './protection.tables';
import type { ProtectionService } from './protection.service';
import { VIDEO_INDEX_EVERY_SECONDS, type VideoProtection } from './protection.video';
import { ANALYSIS_FPS, MAX_CLIP_SECONDS, analysisSize, decodeFrames, frameHash, readVideoLeak, type Frames, type VideoLeakRead } from './video.trace';

/** A clip frame and an indexed frame are "the same picture" within this many bits (no crop for videos: re-encoding and resizing stay within ~6). */
export const VIDEO_FRAME_DISTANCE = 10;
/** Candidate videos tried, most matching frames first. */
const VIDEO_CANDIDATES = 3;
/** A reading that names nobody is tried again on the whole video (not only around the vote's start) up to this length. */
const FULL_READ_MAX_SECONDS = 20 * 60;
/** One clip frame hashed every this many seconds for the lookup. */
const PROBE_EVERY_SECONDS = 1;

export interface VideoFound {
  file: FileRow;
  /** Clip frames (of those hashed) that matched the video's index, and the nearest distance. */
  votes: number;
  distance: number;
  read: VideoLeakRead | null;
  viewerId: string | null;
}

export interface VideoTracerDeps {
  config: { APP_SECRET: string };
  db: Db;
  media: MediaService;
  protection: ProtectionService;
  storage: Storage;
  tools: MediaTools;
  videos: VideoProtection;
}

/**
 * The tracer for video clips (README.md "The video tracer"): which packaged video a clip is (its
 * frames' perceptual hashes against the index, voted), where in it the clip starts, and which A/B
 * variants it carries — the viewer's payload (video.trace.ts).
 */
export class VideoTracer {
  constructor(private deps: VideoTracerDeps) {}

  /** The best reading of a clip on disk among the videos the caller may search (`ownerId` null: all). */
  async find(clipPath: string, ownerId: string | null): Promise<VideoFound | null> {
    const unreadable = () => new HttpError(415, 'This video could not be read', [{ field: 'file', message: 'The video is damaged or in an unsupported format' }]);
    const info = await probe(this.deps.tools, clipPath).catch(() => null);
    if (!info?.video) throw unreadable();
    const size = analysisSize(info.video.width, info.video.height);
    const clip = await decodeFrames(this.deps.tools, clipPath, size, { duration: MAX_CLIP_SECONDS }).catch(() => null);
    if (!clip?.frames.length) throw unreadable();
    const candidates = await this.candidates(clip, ownerId);
    let best: VideoFound | null = null;
    for (const c of candidates) {
      const read = await this.readOn(c.file, clipPath, clip, c.hint);
      const viewerId = read?.identified ? await this.deps.protection.viewerOfCode(read.code) : null;
      const here: VideoFound = { file: c.file, votes: c.votes, distance: c.distance, read, viewerId };
      if (viewerId) return here;
      // A candidate the clip does not align with is not that video.
      if (!read || read.segments === 0) continue;
      if (!best || (best.read?.confidence ?? 0) < read.confidence) best = here;
    }
    return best;
  }

  /** Videos whose indexed frames the clip's frames match, most matches first, with where the clip probably starts. */
  private async candidates(clip: Frames, ownerId: string | null): Promise<Array<{ file: FileRow; votes: number; distance: number; hint: number }>> {
    const step = Math.max(1, Math.round(PROBE_EVERY_SECONDS * ANALYSIS_FPS));
    const probes: Array<{ hash: bigint; t: number }> = [];
    for (let i = 0; i < clip.frames.length; i += step) {
      const h = frameHash(clip.frames[i]!, clip.w, clip.h);
      if (h) probes.push({ hash: toSigned(h), t: i / ANALYSIS_FPS });
    }
    if (!probes.length) return [];
    const values = sql.join(probes.map((p, i) => sql`(${p.hash.toString()}::bigint, ${i}::int)`), sql`, `);
    const res = await this.deps.db.execute<{ file_id: string; frame: number; p: number; d: number }>(sql`
      select h.file_id, h.frame, p.i as p, bit_count((h.hash # p.h)::bit(64))::int as d
      from ${protectionHashes} h join (values ${values}) as p(h, i) on bit_count((h.hash # p.h)::bit(64)) <= ${VIDEO_FRAME_DISTANCE}
      where h.media_kind = 'video' ${ownerId ? sql`and h.owner_id = ${ownerId}` : sql``}`);
    const rows = (res as unknown as { rows?: Array<{ file_id: string; frame: number; p: number; d: number }> }).rows ?? (res as unknown as Array<{ file_id: string; frame: number; p: number; d: number }>);
    // Per video: each probe's nearest indexed frame; the votes, and the most common start (2-s bins).
    const byFile = new Map<string, Map<number, { frame: number; d: number }>>();
    for (const r of rows) {
      const m = byFile.get(r.file_id) ?? new Map<number, { frame: number; d: number }>();
      const cur = m.get(Number(r.p));
      if (!cur || Number(r.d) < cur.d) m.set(Number(r.p), { frame: Number(r.frame), d: Number(r.d) });
      byFile.set(r.file_id, m);
    }
    const ranked = [...byFile.entries()]
      .map(([fileId, m]) => {
        const bins = new Map<number, number>();
        let distance = 64;
        for (const [p, { frame, d }] of m) {
          const start = (frame - 1) * VIDEO_INDEX_EVERY_SECONDS - probes[p]!.t;
          const bin = Math.round(start / VIDEO_INDEX_EVERY_SECONDS);
          bins.set(bin, (bins.get(bin) ?? 0) + 1);
          distance = Math.min(distance, d);
        }
        const [bin] = [...bins.entries()].sort((a, b) => b[1] - a[1])[0]!;
        return { fileId, votes: m.size, distance, hint: Math.max(0, bin * VIDEO_INDEX_EVERY_SECONDS) };
      })
      .sort((a, b) => b.votes - a.votes || a.distance - b.distance)
      .slice(0, VIDEO_CANDIDATES);
    const files = new Map((await this.deps.media.byIds(ranked.map((r) => r.fileId))).map((f) => [f.id, f]));
    return ranked.flatMap((r) => (files.get(r.fileId) ? [{ ...r, file: files.get(r.fileId)! }] : []));
  }

  /** Reads the clip against one packaged video (its MP4, pattern, cuts and burned-in mark). */
  private async readOn(file: FileRow, clipPath: string, clip: Frames, hint: number): Promise<VideoLeakRead | null> {
    const hls = file.hls;
    if (file.hlsStatus !== 'ready' || !hls?.dir || !hls.renditions?.length || !file.width || !file.height) return null;
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-vtrace-'));
    try {
      const mp4 = await this.deps.videos.localCopy(file.storageKey, work);
      const playlist = (await buffer(await this.deps.storage.get(`${hls.dir}/${hls.renditions[0]!.name}/index.m3u8`))).toString('utf8');
      const burnIn = hls.burnIn ? { png: await buffer(await this.deps.storage.get(`${hls.dir}/mark.png`)), left: hls.burnIn.left, top: hls.burnIn.top } : null;
      // The clip at the video's own analysis size (an aspect a pixel or two off would misalign the pattern).
      const size = analysisSize(file.width, file.height);
      const frames = size.w === clip.w && size.h === clip.h ? clip : await decodeFrames(this.deps.tools, clipPath, size, { duration: MAX_CLIP_SECONDS });
      const ref = { mp4, width: file.width, height: file.height, seed: variantSeed(this.deps.config.APP_SECRET, file.id), durations: parseSegments(playlist).map((s) => s.duration), burnIn };
      const read = await readVideoLeak(this.deps.tools, frames, ref, this.deps.protection.key, { hint });
      if (read?.identified) return read;
      // The vote's start may be wrong (a scene that comes back): the whole video, when it is not too long to decode here.
      if ((file.duration ?? Infinity) > FULL_READ_MAX_SECONDS) return read;
      const whole = await readVideoLeak(this.deps.tools, frames, ref, this.deps.protection.key, { hint: null });
      return !read || (whole && (whole.identified || whole.confidence > read.confidence)) ? whole : read;
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }
}
