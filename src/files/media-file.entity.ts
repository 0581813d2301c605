import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { FILE_KINDS } from './upload-rules.js';

// An uploaded file. Never returned from a controller: see file.mapper.ts.
export const MediaFile = defineEntity({
  name: 'MediaFile',
  tableName: 'media_file',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    // who uploaded it
    ownerId: p.uuid(),
    // the workspace it belongs to (the uploader's personal one, or a company's): every read and
    // write of the library filters by it
    workspaceId: p.uuid(),
    kind: p.enum(FILE_KINDS),
    fileName: p.text(),
    contentType: p.text(),
    size: p.bigint('number'),
    storageKey: p.text(),
    posterKey: p.text().nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    durationSecs: p.float().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type MediaFile = InferEntity<typeof MediaFile>;
