import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { OVERLAYS } from './encode-rules.js';

export const ENCODING_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type EncodingState = (typeof ENCODING_STATES)[number];

// One email encoding of an uploaded video (overlay and width). State changes go through
// VideosService's conditional updates; never returned from a controller (see encoding.mapper.ts).
export const VideoEncoding = defineEntity({
  name: 'VideoEncoding',
  tableName: 'video_encoding',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    // who asked for it first
    ownerId: p.uuid(),
    // the workspace of its video: reads filter by it
    workspaceId: p.uuid(),
    sourceFileId: p.uuid(),
    overlay: p.enum(OVERLAYS),
    width: p.integer(),
    // the cut in seconds; 0 and 0 is the whole video
    trimStart: p.double().default(0),
    trimEnd: p.double().default(0),
    state: p.enum(ENCODING_STATES).default('queued'),
    progress: p.smallint().default(0),
    error: p.text().nullable(),
    // the naming strategy would call it mp4key
    mp4Key: p.text().nullable().fieldName('mp4_key'),
    // The email's MP4, without the sound (its video plays muted); null when the video has no sound
    // or was encoded before (mp4Key then serves email too). mp4Key, with sound, is the web view's.
    emailMp4Key: p.text().nullable().fieldName('email_mp4_key'),
    posterKey: p.text().nullable(),
    gifKey: p.text().nullable(),
    outWidth: p.integer().nullable(),
    outHeight: p.integer().nullable(),
    durationSecs: p.float().nullable(),
    hasAudio: p.boolean().nullable(),
    gifBytes: p.integer().nullable(),
    jobId: p.text().nullable(),
    runToken: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
    // The first attempt's start (the order jobs are served in).
    startedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
  },
});
export type VideoEncoding = InferEntity<typeof VideoEncoding>;
