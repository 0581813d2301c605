// The company-wide report (GET reports/workspace): every EyeMail of the workspace the request acts
// in, added up. Shared by the server and the dashboard. Types only: no runtime code.
//
// Each figure is one of the EyeMail report's metrics (src/shared/metrics/report-metrics.ts), for
// the same dates and machine switch, added up over the EyeMails: a person who viewed two EyeMails
// is a unique view of each. The average view time is over every EyeMail's people with seconds
// (the EyeMails' seconds added up over their people added up), not an average of averages.
import type { ReportSummary } from './report-types.js';

// The figures of one EyeMail, of one creator's EyeMails, or of them all: the EyeMail report's
// summary figures (Total Views = opens + playsWithoutClick; clicks: every click, whatever its
// destination; averageViewTime in seconds, one decimal), and the machine events of the dates
// (left out of the figures unless includeMachine).
export interface WorkspaceReportFigures
  extends Pick<ReportSummary, 'totalViews' | 'uniqueViews' | 'totalClicks' | 'opens' | 'playsWithoutClick' | 'clicks' | 'averageViewTime'> {
  machineEvents: number;
}

// One of the top EyeMails, with its own figures.
export interface WorkspaceReportEyeMail extends WorkspaceReportFigures {
  snippetId: string;
  title: string;
  // active (false: deactivated; its hits still count)
  status: boolean;
  creatorId: string;
  creatorName: string;
}

// A member who created EyeMails of the workspace, with their EyeMails added up.
export interface WorkspaceReportCreator extends WorkspaceReportFigures {
  creatorId: string;
  creatorName: string;
  // how many EyeMails of the workspace they created (those without hits included)
  eyeMails: number;
}

export interface WorkspaceReport {
  workspaceId: string;
  // the caller's profile time zone, else the browser's (tz), else UTC; the dates are in it
  timeZone: string;
  today: string;
  dateFrom: string | null;
  dateTill: string | null;
  includeMachine: boolean;
  // every EyeMail of the workspace, active or not
  eyeMails: number;
  totals: WorkspaceReportFigures;
  // machine events left out (0 with includeMachine)
  machineExcluded: number;
  // at most 10, most opens first (then Total Views, Total Clicks, title); only EyeMails with hits
  topEyeMails: WorkspaceReportEyeMail[];
  // every creator of the workspace's EyeMails, most opens first (then name)
  creators: WorkspaceReportCreator[];
  // true when the latest hits were still being loaded when the report was read (refresh shortly)
  catchingUp: boolean;
}
