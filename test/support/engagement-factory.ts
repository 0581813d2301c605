// Engagement rows for report tests, written straight into the engagement table in the shape the
// ingest side stores (migrations/0006-engagement.ts). Times are UTC instants.
import type { TestApp } from './app.js';
import { sql } from './account-factory.js';

export interface EngagementSeed {
  kind: 'open' | 'click' | 'play';
  at: string;
  receiver?: string | null;
  ip?: string | null;
  countryCode?: string | null;
  countryName?: string | null;
  region?: string | null;
  city?: string | null;
  device?: string | null;
  platform?: string | null;
  client?: string | null;
  userAgent?: string | null;
  target?: string | null;
  durationSecs?: number | null;
  videoDurationSecs?: number | null;
  // play: the id of the click it adds its seconds to
  clickId?: string | null;
  machineReason?: string | null;
}

// Inserts one row and returns its id (a bigint as a string).
export async function insertEngagement(t: TestApp, snippetId: string, e: EngagementSeed): Promise<string> {
  const rows = await sql<{ id: string }>(
    t,
    `insert into engagement (snippet_id, kind, occurred_at, receiver, ip, country_code, country_name, region, city, device_type, platform, client,
       user_agent, target, duration_secs, video_duration_secs, click_id, machine_reason)
     values (?, ?, ?, ?, ?::inet, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id::text as id`,
    [
      snippetId, e.kind, e.at, e.receiver ?? null, e.ip ?? null, e.countryCode ?? null, e.countryName ?? null, e.region ?? null, e.city ?? null,
      e.device ?? null, e.platform ?? null, e.client ?? null, e.userAgent ?? null, e.target ?? null, e.durationSecs ?? null,
      e.videoDurationSecs ?? null, e.clickId ?? null, e.machineReason ?? null,
    ],
  );
  return rows[0].id;
}

// A click and the plays that followed it (each play joined to the click, as ingest does).
export async function insertClickWithPlays(
  t: TestApp,
  snippetId: string,
  click: Omit<EngagementSeed, 'kind'>,
  plays: { at: string; durationSecs: number; videoDurationSecs?: number }[],
): Promise<{ clickId: string; playIds: string[] }> {
  const clickId = await insertEngagement(t, snippetId, { ...click, kind: 'click' });
  const playIds: string[] = [];
  for (const p of plays) {
    playIds.push(
      await insertEngagement(t, snippetId, {
        kind: 'play',
        at: p.at,
        receiver: click.receiver,
        ip: click.ip,
        countryCode: click.countryCode,
        countryName: click.countryName,
        region: click.region,
        city: click.city,
        device: click.device,
        platform: click.platform,
        client: click.client,
        durationSecs: p.durationSecs,
        videoDurationSecs: p.videoDurationSecs ?? click.videoDurationSecs ?? null,
        clickId,
      }),
    );
  }
  return { clickId, playIds };
}
