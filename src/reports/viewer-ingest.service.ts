import { Injectable, Logger } from '@nestjs/common';
import type { ViewerVisit, ViewerVisits, Visitor } from '../common/viewer-visits.js';
import { GeoIpAdapter, NO_LOCATION } from './geo-ip.adapter.js';
import { normaliseIp } from './ip-ranges.js';
import { machineReason, mailProxyOf } from './machine-reason.js';
import type { PlayRangesReport } from './play-ranges-report.js';
import { UserAgentAdapter } from './user-agent.adapter.js';
import type { Who } from './viewer-activity-sql.js';
import { ViewerActivityWriter, type PlayOutcome } from './viewer-activity-writer.service.js';
import type { IngestOutcome } from './engagement-writer.service.js';

const UA_MAX = 1000;

// The viewer page's visits (told by the snippets module's viewer, VIEWER_VISITS) and its play
// reports, classified, located and parsed like the pixel's opens (ingest.service.ts), then written
// by the group-commit writer.
@Injectable()
export class ViewerIngest implements ViewerVisits {
  private readonly logger = new Logger('Ingest');

  constructor(
    private readonly writer: ViewerActivityWriter,
    private readonly geo: GeoIpAdapter,
    private readonly agents: UserAgentAdapter,
  ) {}

  // A visit is a page load, classified as the pixel is (bots, scanners, HEAD requests); a play
  // comes only from a browser that ran the viewer's script, so it is a person's (as a play report
  // is, machine-reason.ts) unless its agent says otherwise.
  private async who(kind: 'open' | 'play', receiver: string | null, v: Visitor): Promise<Who> {
    const userAgent = v.userAgent ? v.userAgent.slice(0, UA_MAX) : null;
    const ip = normaliseIp(v.ip);
    const proxy = mailProxyOf(userAgent);
    const agent = proxy ? { deviceType: null, platform: null, client: proxy, isBot: false } : this.agents.parse(userAgent);
    const geo = proxy ? NO_LOCATION : await this.geo.lookup(ip);
    return {
      receiver,
      ip,
      countryCode: geo.countryCode,
      countryName: geo.countryName,
      region: geo.region,
      city: geo.city,
      deviceType: agent.deviceType,
      platform: agent.platform,
      client: agent.client,
      userAgent,
      machineReason: machineReason({ kind, method: v.method, userAgent, ip, agentIsBot: agent.isBot }),
    };
  }

  async record(visit: ViewerVisit): Promise<IngestOutcome> {
    try {
      const who = await this.who('open', visit.receiver, visit.visitor);
      return await this.writer.recordVisit({ ...who, snippetId: visit.snippetId.toLowerCase(), occurredAt: visit.visitor.at, page: visit.page });
    } catch (e) {
      this.logger.error({ err: e }, 'Recording a viewer visit failed');
      return 'failed';
    }
  }

  async play(report: PlayRangesReport, visitor: Visitor): Promise<PlayOutcome> {
    try {
      return await this.writer.recordPlay({ at: visitor.at, report, who: await this.who('play', report.receiver, visitor) });
    } catch (e) {
      this.logger.error({ err: e }, 'Recording a play report failed');
      return 'failed';
    }
  }
}
