import { Injectable, Logger } from '@nestjs/common';
import type { ViewerVisit, ViewerVisits, Visitor } from '../engagement/viewer-visits.js';
import type { PlayRangesReport } from './play-ranges-report.js';
import { RequestClassifier, storedSender } from '../ingest/request-classifier.service.js';
import type { Who } from '../engagement/viewer-activity-sql.js';
import { ViewerActivityWriter, type PlayOutcome } from './viewer-activity-writer.service.js';
import type { IngestOutcome } from './engagement-writer.service.js';


// The viewer page's visits (told by the snippets module's viewer, VIEWER_VISITS) and its play
// reports, written by the group-commit writer; a visit is classified, located and parsed when the
// journal is loaded, like the pixel's opens, and a play's sender as its report is merged.
@Injectable()
export class ViewerIngest implements ViewerVisits {
  private readonly logger = new Logger('Ingest');

  constructor(
    private readonly writer: ViewerActivityWriter,
    private readonly classifier: RequestClassifier,
  ) {}

  // A play comes only from a browser that ran the viewer's script, so it is a person's (as a play
  // report is, machine-reason.ts) unless its agent says otherwise.
  // A play of a test send's page (its receiver an unfilled merge tag) is a test.
  private async who(receiver: string | null, v: Visitor, unfilledTag = false): Promise<Who> {
    const { ip, userAgent } = storedSender(v.ip, v.userAgent);
    return { receiver, ip, userAgent, ...(await this.classifier.classify('play', v.method, userAgent, ip, unfilledTag)) };
  }

  // A visit is a page load, journaled as what its request said; the loader classifies it as the
  // pixel's opens are (bots, scanners, HEAD requests), locates and parses it.
  async record(visit: ViewerVisit): Promise<IngestOutcome> {
    try {
      const v = visit.visitor;
      return await this.writer.recordVisit({
        snippetId: visit.snippetId.toLowerCase(),
        occurredAt: v.at,
        page: visit.page,
        receiver: visit.receiver,
        ...storedSender(v.ip, v.userAgent),
        method: v.method,
        ...(visit.unfilledTag ? { unfilledTag: true as const } : {}),
      });
    } catch (e) {
      this.logger.error({ err: e }, 'Recording a viewer visit failed');
      return 'failed';
    }
  }

  async play(report: PlayRangesReport, visitor: Visitor): Promise<PlayOutcome> {
    try {
      return await this.writer.recordPlay({ at: visitor.at, report, who: await this.who(report.receiver, visitor, report.unfilledTag) });
    } catch (e) {
      this.logger.error({ err: e }, 'Recording a play report failed');
      return 'failed';
    }
  }
}
