import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { OverlayVariant } from '../encoding/encode-plan.js';
import type { Trim } from '../encoding/recording.js';
import { VideoEncoding } from './video-encoding.entity.js';

export interface EncodeOutputs {
  mp4Key: string;
  // the email's sound-less MP4; null when the video has no sound
  emailMp4Key: string | null;
  posterKey: string;
  gifKey: string;
  outWidth: number;
  outHeight: number;
  durationSecs: number;
  hasAudio: boolean;
  gifBytes: number;
}

const LIVE_STATES = ['queued', 'active'] as const;
// Advisory lock class of "one owner's encode requests" (the second key is the owner's hash).
const OWNER_ENCODES_LOCK = 727_002;
// Advisory lock class of "one workspace's encode requests" (the second key is the workspace's
// hash). Taken after the video's and before the owner's, always in that order.
const WORKSPACE_ENCODES_LOCK = 727_004;
// Advisory lock class of "one video's cut and its new encodings" (the second key is the video's
// hash): choosing a cut and adding an encoding take turns, on every instance.
const VIDEO_CUT_LOCK = 727_003;

// The video_encoding table, only here. What the API reads is one workspace's (workspace_id, the
// workspace of the video); owner_id is who asked for it first. Reads are entity queries; the state changes of an encode
// attempt are single guarded statements (the run token), so two workers can never both win.
// Each call uses its own fork: callers are API requests and queue jobs alike.
@Injectable()
export class VideoEncodingRepository {
  constructor(private readonly orm: MikroORM) {}

  private get em(): EntityManager {
    return this.orm.em.fork();
  }

  findById(id: string): Promise<VideoEncoding | null> {
    return this.em.findOne(VideoEncoding, { id });
  }

  findInWorkspace(workspaceId: string, id: string): Promise<VideoEncoding | null> {
    return this.em.findOne(VideoEncoding, { id, workspaceId });
  }

  findByIds(ids: readonly string[]): Promise<VideoEncoding[]> {
    return this.em.find(VideoEncoding, { id: { $in: [...ids] } });
  }

  // State and recorded outputs of these encodings, for the sweep of unrecorded outputs.
  async outputsOf(ids: readonly string[]): Promise<{ id: string; state: VideoEncoding['state']; keys: (string | null)[] }[]> {
    if (!ids.length) return [];
    const rows = await this.em.find(VideoEncoding, { id: { $in: [...ids] } }, { fields: ['id', 'state', 'mp4Key', 'emailMp4Key', 'posterKey', 'gifKey'] });
    return rows.map((r) => ({ id: r.id, state: r.state, keys: [r.mp4Key ?? null, r.emailMp4Key ?? null, r.posterKey ?? null, r.gifKey ?? null] }));
  }

  // The one encoding of these options that has not failed (a partial unique index keeps it one).
  findLive(sourceFileId: string, overlay: OverlayVariant, width: number, trim: Trim): Promise<VideoEncoding | null> {
    return this.em.findOne(VideoEncoding, { sourceFileId, overlay, width, trimStart: trim.start, trimEnd: trim.end, state: { $ne: 'failed' } });
  }

  findCompleted(workspaceId: string, sourceFileId: string, overlay: OverlayVariant, width: number, trim: Trim): Promise<VideoEncoding | null> {
    return this.em.findOne(VideoEncoding, { workspaceId, sourceFileId, overlay, width, trimStart: trim.start, trimEnd: trim.end, state: 'completed' });
  }

  // The length of the whole video, when an encode of it without a cut finished.
  async uncutDuration(sourceFileId: string): Promise<number | null> {
    const row = await this.em.findOne(
      VideoEncoding,
      { sourceFileId, trimStart: 0, trimEnd: 0, state: 'completed', durationSecs: { $ne: null } },
      { fields: ['durationSecs'], orderBy: { completedAt: 'desc' } },
    );
    return row?.durationSecs ?? null;
  }

  // The cut chosen for a video (none: the whole video).
  async cutOf(fileId: string): Promise<Trim | null> {
    const [row] = await this.em.execute<{ start_secs: number; end_secs: number }[]>('select start_secs, end_secs from video_cut where file_id = ?', [fileId]);
    return row ? { start: Number(row.start_secs), end: Number(row.end_secs) } : null;
  }

  // The video's cut becomes `trim` (none: the whole video) and its encodings still queued or
  // running for another cut are deleted (a snippet only ever points at a finished encoding), in
  // one transaction under the video's lock: an encoding added for the old cut at the same moment
  // is either deleted here or finds the cut changed (insertQueuedWithinCap). Their ids and job
  // ids are returned, to cancel the jobs.
  async chooseCut(fileId: string, trim: Trim): Promise<{ id: string; jobId: string | null }[]> {
    return this.em.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [VIDEO_CUT_LOCK, fileId]);
      if (trim.start === 0 && trim.end === 0) await em.execute('delete from video_cut where file_id = ?', [fileId]);
      else {
        await em.execute(
          `insert into video_cut (file_id, start_secs, end_secs) values (?, ?, ?)
           on conflict (file_id) do update set start_secs = excluded.start_secs, end_secs = excluded.end_secs, updated_at = now()`,
          [fileId, trim.start, trim.end],
        );
      }
      const rows = await em.execute<{ id: string; job_id: string | null }[]>(
        `delete from video_encoding where source_file_id = ? and state in ('queued', 'active') and not (trim_start = ? and trim_end = ?) returning id, job_id`,
        [fileId, trim.start, trim.end],
      );
      return rows.map((r) => ({ id: r.id, jobId: r.job_id }));
    });
  }

  // Each of these videos that has a cut: the cut, and the finished encoding of it if there is one
  // (the latest), for My Videos to show what its EyeMails use.
  async cutsWithOutputs(fileIds: readonly string[]): Promise<{ fileId: string; trim: Trim; mp4Key: string | null; durationSecs: number | null }[]> {
    if (!fileIds.length) return [];
    const rows = await this.em.execute<{ file_id: string; start_secs: number; end_secs: number; mp4_key: string | null; duration_secs: number | null }[]>(
      `select c.file_id, c.start_secs, c.end_secs, e.mp4_key, e.duration_secs from video_cut c
       left join lateral (select mp4_key, duration_secs from video_encoding e where e.source_file_id = c.file_id and e.trim_start = c.start_secs
         and e.trim_end = c.end_secs and e.state = 'completed' order by e.completed_at desc limit 1) e on true
       where c.file_id = any(?::uuid[])`,
      // uuids, checked by the caller's own records: an array literal needs no quoting
      [`{${fileIds.join(',')}}`],
    );
    return rows.map((r) => ({
      fileId: r.file_id,
      trim: { start: Number(r.start_secs), end: Number(r.end_secs) },
      mp4Key: r.mp4_key,
      durationSecs: r.duration_secs === null ? null : Number(r.duration_secs),
    }));
  }

  // The poster of each video's latest finished encoding.
  async latestPosterKeys(sourceFileIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.em.find(
      VideoEncoding,
      { sourceFileId: { $in: [...sourceFileIds] }, state: 'completed', posterKey: { $ne: null } },
      { fields: ['sourceFileId', 'posterKey'], orderBy: { completedAt: 'desc' } },
    );
    const keys = new Map<string, string>();
    for (const r of rows) if (!keys.has(r.sourceFileId)) keys.set(r.sourceFileId, r.posterKey!);
    return keys;
  }

  // Inside the transaction deleting the source video: locks its encodings and returns their
  // stored outputs. One finishing right now is either seen here with its outputs, or finds its
  // row gone afterwards and removes what it wrote itself.
  async lockOutputKeysOfSource(em: EntityManager, sourceFileId: string): Promise<string[]> {
    const rows = await em.find(VideoEncoding, { sourceFileId }, { fields: ['mp4Key', 'emailMp4Key', 'posterKey', 'gifKey'], lockMode: LockMode.PESSIMISTIC_WRITE });
    return rows.flatMap((r) => [r.mp4Key, r.emailMp4Key, r.posterKey, r.gifKey]).filter((k): k is string => !!k);
  }

  // A new queued encoding unless a live one of the same options exists (a concurrent request won),
  // the video's cut is no longer `trim` (another request chose a new one: 'cut-changed'), or the
  // owner, or the workspace (its members together), already has `cap` encodings queued or running
  // ('over-cap', saying whose). The video's, the workspace's and the owner's requests take turns
  // under transaction-scoped advisory locks, in that order (the video's first, as chooseCut takes
  // it), so the cut, the counts and the insert agree even when several requests (on several
  // instances) arrive at once.
  async insertQueuedWithinCap(
    e: { id: string; ownerId: string; workspaceId: string; sourceFileId: string; overlay: OverlayVariant; width: number; trim: Trim; jobId: string },
    cap: number,
  ): Promise<{ outcome: 'inserted' | 'exists' | 'over-cap' | 'cut-changed'; live: number; holder: 'account' | 'workspace' }> {
    return this.em.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [VIDEO_CUT_LOCK, e.sourceFileId]);
      const [cut] = await em.execute<{ start_secs: number; end_secs: number }[]>('select start_secs, end_secs from video_cut where file_id = ?', [e.sourceFileId]);
      if (Number(cut?.start_secs ?? 0) !== e.trim.start || Number(cut?.end_secs ?? 0) !== e.trim.end) return { outcome: 'cut-changed', live: 0, holder: 'account' };
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [WORKSPACE_ENCODES_LOCK, e.workspaceId]);
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [OWNER_ENCODES_LOCK, e.ownerId]);
      const [same] = await em.execute<{ id: string }[]>(
        `select id from video_encoding where source_file_id = ? and overlay = ? and width = ? and trim_start = ? and trim_end = ? and state <> 'failed'`,
        [e.sourceFileId, e.overlay, e.width, e.trim.start, e.trim.end],
      );
      const live = await this.countLive(em, e.ownerId, e.workspaceId);
      if (same) return { outcome: 'exists', live: live.own, holder: 'account' };
      if (live.own >= cap) return { outcome: 'over-cap', live: live.own, holder: 'account' };
      if (live.workspace >= cap) return { outcome: 'over-cap', live: live.workspace, holder: 'workspace' };
      await em.execute(
        `insert into video_encoding (id, owner_id, workspace_id, source_file_id, overlay, width, trim_start, trim_end, state, progress, job_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?)
         on conflict (source_file_id, overlay, width, trim_start, trim_end) where state <> 'failed' do nothing`,
        [e.id, e.ownerId, e.workspaceId, e.sourceFileId, e.overlay, e.width, e.trim.start, e.trim.end, e.jobId],
      );
      return { outcome: 'inserted', live: live.own + 1, holder: 'account' };
    });
  }

  // Encodings queued or running of the owner (in every workspace) and of the workspace (whoever
  // asked for them), in one statement.
  private async countLive(em: EntityManager, ownerId: string, workspaceId: string): Promise<{ own: number; workspace: number }> {
    const [row] = await em.execute<{ own: string | number; workspace: string | number }[]>(
      `select count(*) filter (where owner_id = ?) as own, count(*) filter (where workspace_id = ?) as workspace
       from video_encoding where (owner_id = ? or workspace_id = ?) and state in ('queued', 'active')`,
      [ownerId, workspaceId, ownerId, workspaceId],
    );
    return { own: Number(row.own), workspace: Number(row.workspace) };
  }

  // The encodings queued or running of the owner or of the workspace, oldest first (those the
  // caps count).
  findLiveOf(ownerId: string, workspaceId: string): Promise<VideoEncoding[]> {
    return this.em.find(
      VideoEncoding,
      { $or: [{ ownerId }, { workspaceId }], state: { $in: [...LIVE_STATES] } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  // How many of the owner's encodings queued or running were asked for before this one (its place
  // in the account's queue, for the job's fair share).
  async countLiveBefore(row: Pick<VideoEncoding, 'id' | 'ownerId'>): Promise<number> {
    // Compared in SQL: created_at has microseconds, a JavaScript Date only milliseconds.
    const [r] = await this.em.execute<{ n: string | number }[]>(
      `select count(*) as n from video_encoding e, (select created_at, id from video_encoding where id = ?) me
       where e.owner_id = ? and e.state in ('queued', 'active') and (e.created_at, e.id) < (me.created_at, me.id)`,
      [row.id, row.ownerId],
    );
    return Number(r.n);
  }

  // Starts an attempt under a fresh run token: the row, or null when there is nothing to do.
  async claim(id: string, runToken: string): Promise<VideoEncoding | null> {
    const em = this.em;
    const [row] = (await em.execute(
      `update video_encoding set state = 'active', progress = 0, error = null, run_token = ?, started_at = coalesce(started_at, now()), updated_at = now()
       where id = ? and state in ('queued', 'active') returning *`,
      [runToken, id],
      'all',
    )) as Record<string, unknown>[];
    return row ? em.map(VideoEncoding, row) : null;
  }

  // Progress only moves forward. False when the attempt no longer holds the row (deleted with its
  // video, dropped for a new cut, taken over).
  async setProgress(id: string, runToken: string, percent: number): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update video_encoding set progress = greatest(progress, ?), updated_at = now() where id = ? and run_token = ? and state = 'active' returning id`,
      [percent, id, runToken],
    );
    return rows.length > 0;
  }

  async complete(id: string, runToken: string, o: EncodeOutputs): Promise<boolean> {
    const now = new Date();
    const changed = await this.em.nativeUpdate(
      VideoEncoding,
      { id, runToken, state: 'active' },
      { ...o, state: 'completed', progress: 100, error: null, completedAt: now, updatedAt: now },
    );
    return changed > 0;
  }

  async requeue(id: string, runToken: string): Promise<void> {
    await this.em.nativeUpdate(VideoEncoding, { id, runToken, state: 'active' }, { state: 'queued', progress: 0, updatedAt: new Date() });
  }

  // Any live attempt when runToken is null (the queue lost or failed the job), else only that one.
  async markFailed(id: string, runToken: string | null, message: string): Promise<void> {
    await this.em.nativeUpdate(
      VideoEncoding,
      { id, state: { $in: [...LIVE_STATES] }, ...(runToken ? { runToken } : {}) },
      { state: 'failed', error: message, updatedAt: new Date() },
    );
  }
}
