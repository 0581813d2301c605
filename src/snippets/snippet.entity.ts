import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { COVER_PLACEMENTS, LOGO_ALIGNMENTS, VIDEO_OVERLAYS, type CtaButton } from '../shared/snippet-rules.js';

// A snippet (an EyeMail). Media is referenced by id; URLs come from the files/videos services when
// a view is built. Never returned from a controller: see snippet-view.ts.
export const Snippet = defineEntity({
  name: 'Snippet',
  tableName: 'snippet',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    // Who made it; it stays theirs to name in the workspace, whoever edits it later.
    ownerId: p.uuid(),
    // The workspace it belongs to (the creator's personal one, whose id is theirs, or a
    // company's): every owner's read and write filters by it (owned-snippets.ts).
    workspaceId: p.uuid(),
    title: p.text(),
    // What recipients see as its title (the name stays the owner's).
    publicTitle: p.text().nullable(),
    status: p.boolean().default(true),
    videoFileId: p.uuid(),
    // The completed encoding of (videoFileId, videoOverlay, width) the snippet plays.
    encodingId: p.uuid(),
    width: p.integer().default(600),
    addVideoOverlay: p.boolean().default(false),
    videoOverlay: p.enum(VIDEO_OVERLAYS).default('none'),
    gifFileId: p.uuid().nullable(),
    logoFileId: p.uuid().nullable(),
    logoAlignment: p.enum(LOGO_ALIGNMENTS).default('left'),
    logoWidth: p.integer().default(120),
    coverFileId: p.uuid().nullable(),
    coverPlacement: p.enum(COVER_PLACEMENTS).default('below'),
    coverSpacing: p.smallint().default(1),
    videoIconFileId: p.uuid().nullable(),
    landingPageUrl: p.text().nullable(),
    // videoURLData: the call-to-action video link.
    videoLinkUrl: p.text().nullable(),
    // Validated button data only; the HTML is generated from it on every read.
    ctaButtons: p.json<CtaButton[]>().columnType('jsonb'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Snippet = InferEntity<typeof Snippet>;
