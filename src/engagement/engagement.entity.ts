import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DESTINATION_KINDS } from '../shared/click-rules.js';
import { ENGAGEMENT_KINDS, MACHINE_REASONS } from './engagement-kinds.js';

// One open, click or play of a snippet (table engagement, migration 0006). Written in batches by
// the ingest writer; read by the report service. Never returned from a controller as is.
export const Engagement = defineEntity({
  name: 'Engagement',
  tableName: 'engagement',
  properties: {
    // bigint identity; kept as a string so large ids survive JSON and JavaScript numbers.
    id: p.bigint('string').primary().autoincrement(),
    snippetId: p.uuid(),
    kind: p.enum(ENGAGEMENT_KINDS),
    occurredAt: p.datetime().onCreate(() => new Date()),
    // The v= value; null when empty or an unfilled merge tag.
    receiver: p.text().nullable(),
    ip: p.string().columnType('inet').nullable(),
    countryCode: p.text().nullable(),
    countryName: p.text().nullable(),
    region: p.text().nullable(),
    city: p.text().nullable(),
    deviceType: p.text().nullable(),
    platform: p.text().nullable(),
    client: p.text().nullable(),
    userAgent: p.text().nullable(),
    // Click: the http(s) target; null = the web view.
    target: p.text().nullable(),
    // Click: where it went (migration 0010); the button's label when it was a button.
    destination: p.enum(DESTINATION_KINDS).nullable(),
    destinationLabel: p.text().nullable(),
    durationSecs: p.double().nullable(),
    videoDurationSecs: p.double().nullable(),
    // Play: the receiver's latest click on the snippet within 30 minutes before it.
    clickId: p.bigint('string').nullable(),
    // Play: the viewer's play it belongs to (video_play.play_id, migration 0013).
    playId: p.uuid().nullable(),
    machineReason: p.enum(MACHINE_REASONS).nullable(),
  },
});
export type Engagement = InferEntity<typeof Engagement>;
