import { destinationText } from '@shared/click-rules';
import type { ReportRecord } from '@shared/report-types';

// Where a row of 'Per Viewer Analysis' went: a click's destination (Landing page, Web view,
// Video link or the button by its label); null for a view.
export function wentTo(r: Pick<ReportRecord, 'activity' | 'destination' | 'destinationLabel' | 'target'>): string | null {
  return r.activity === 'click' ? destinationText(r.destination, r.destinationLabel, r.target) : null;
}
