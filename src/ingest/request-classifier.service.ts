import { Injectable } from '@nestjs/common';
import type { EngagementKind, MachineReason } from '../engagement/engagement-kinds.js';
import { GeoIpAdapter, NO_LOCATION } from '../geo-ip/geo-ip.adapter.js';
import { normaliseIp } from '../geo-ip/ip-ranges.js';
import { machineReason, mailProxyOf } from './machine-reason.js';
import { UserAgentAdapter } from './user-agent.adapter.js';
import type { Who } from '../engagement/viewer-activity-sql.js';

// A request's sender as stored and classified: the address normalised (ip-ranges.ts), the agent
// cut to this many characters.
const UA_MAX = 1000;
export function storedSender(ip: string | null, userAgent: string | null): { ip: string | null; userAgent: string | null } {
  return { ip: normaliseIp(ip), userAgent: userAgent ? userAgent.slice(0, UA_MAX) : null };
}

// What a request says about who made it, derived from its address and agent: where (DB-IP Lite),
// what device and client (the agent), and whether a machine made it (machine-reason.ts).
export type Classified = Omit<Who, 'receiver' | 'ip' | 'userAgent' | 'machineReason'> & { machineReason: MachineReason | null };

// The derivation, one place for every stream: run by the ingest's loader on the journaled facts of
// opens, clicks, plays and visits (ingest-loader.service.ts), and on a play report's sender when it
// is merged (viewer-ingest.service.ts). `userAgent` and `ip` as stored (storedSender).
@Injectable()
export class RequestClassifier {
  constructor(
    private readonly geo: GeoIpAdapter,
    private readonly agents: UserAgentAdapter,
  ) {}

  // `unfilledTag`: its v= was a merge tag the platform never filled in (a test).
  async classify(kind: EngagementKind, method: string, userAgent: string | null, ip: string | null, unfilledTag = false): Promise<Classified> {
    // Behind the Gmail and Yahoo proxies the agent and the address are the proxy's, not the reader's.
    const proxy = mailProxyOf(userAgent);
    const agent = proxy ? { deviceType: null, platform: null, client: proxy, isBot: false } : this.agents.parse(userAgent);
    const geo = proxy ? NO_LOCATION : await this.geo.lookup(ip);
    return {
      countryCode: geo.countryCode,
      countryName: geo.countryName,
      region: geo.region,
      city: geo.city,
      deviceType: agent.deviceType,
      platform: agent.platform,
      client: agent.client,
      machineReason: machineReason({ kind, method, userAgent, ip, agentIsBot: agent.isBot, unfilledTag }),
    };
  }
}
