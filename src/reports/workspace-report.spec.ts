import { describe, expect, it } from '@jest/globals';
import { toWorkspaceReport } from './workspace-report.js';
import type { WorkspaceEyeMailRow } from './workspace-report-sql.js';

// The company-wide report made from its EyeMails' rows: sums, the average over every EyeMail's
// people, the top EyeMails' order and limit, the creators.

const row = (i: number, creatorId: string, over: Partial<WorkspaceEyeMailRow> = {}): WorkspaceEyeMailRow => ({
  snippetId: `s${String(i).padStart(2, '0')}`,
  title: `EyeMail ${String(i).padStart(2, '0')}`,
  status: true,
  creatorId,
  totalViews: 0,
  uniqueViews: 0,
  totalClicks: 0,
  opens: 0,
  clicks: 0,
  machineEvents: 0,
  viewers: 0,
  viewerSecs: 0,
  ...over,
});
const report = (rows: WorkspaceEyeMailRow[], includeMachine = false) =>
  toWorkspaceReport({
    workspaceId: 'w',
    timeZone: 'UTC',
    today: '2026-11-29',
    dateFrom: null,
    dateTill: null,
    includeMachine,
    rows,
    names: new Map([
      ['ann', 'Ann Lee'],
      ['bob', 'Bob Ray'],
    ]),
    catchingUp: false,
  });

describe('toWorkspaceReport', () => {
  it('adds the EyeMails up, Total Views made of opens and plays without a click, the average over every person with seconds', () => {
    const r = report([
      row(1, 'ann', { totalViews: 12, uniqueViews: 9, totalClicks: 3, opens: 10, clicks: 4, machineEvents: 2, viewers: 1, viewerSecs: 10 }),
      row(2, 'bob', { totalViews: 5, uniqueViews: 5, totalClicks: 1, opens: 5, clicks: 1, machineEvents: 1, viewers: 3, viewerSecs: 6 }),
    ]);
    // (10 + 6) s over 4 people: 4 s, not the averages' average (10 and 2: 6 s)
    expect(r.totals).toEqual({ totalViews: 17, uniqueViews: 14, totalClicks: 4, opens: 15, playsWithoutClick: 2, clicks: 5, averageViewTime: 4, machineEvents: 3 });
    expect(r.machineExcluded).toBe(3);
    expect(report([row(1, 'ann', { machineEvents: 2 })], true).machineExcluded).toBe(0);
    expect(r.eyeMails).toBe(2);
  });

  it('lists at most 10 EyeMails with hits, most opens first, then Total Views, Total Clicks and title', () => {
    const rows = Array.from({ length: 14 }, (_, i) => row(i + 1, 'ann', { opens: i < 12 ? 100 - i : 0 }));
    rows.push(row(20, 'ann', { opens: 95, totalViews: 96 }), row(21, 'ann', { opens: 95, totalViews: 95, totalClicks: 2 }), row(22, 'ann', { opens: 95, totalViews: 95, totalClicks: 2 }));
    const top = report(rows).topEyeMails;
    expect(top.map((e) => e.snippetId)).toEqual(['s01', 's02', 's03', 's04', 's05', 's20', 's21', 's22', 's06', 's07']);
    expect(top[0]).toMatchObject({ title: 'EyeMail 01', creatorName: 'Ann Lee', opens: 100 });
    // none without hits
    expect(report([row(1, 'ann'), row(2, 'bob')]).topEyeMails).toEqual([]);
  });

  it("adds up each creator's EyeMails, those without hits counted, most opens first; a creator gone is unnamed", () => {
    const r = report([row(1, 'ann', { opens: 1, totalViews: 1 }), row(2, 'bob', { opens: 3, totalViews: 3 }), row(3, 'ann'), row(4, 'gone', { opens: 1, totalViews: 1 })]);
    expect(r.creators.map((c) => [c.creatorName, c.eyeMails, c.opens])).toEqual([
      ['Bob Ray', 1, 3],
      ['', 1, 1],
      ['Ann Lee', 2, 1],
    ]);
  });
});
