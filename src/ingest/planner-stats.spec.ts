import { STATS_REFRESH_MIN_ROWS, statsRefreshDue } from './planner-stats.js';

describe('statsRefreshDue', () => {
  it('waits for the first 1,000 rows on a new table', () => {
    expect(STATS_REFRESH_MIN_ROWS).toBe(1_000);
    expect(statsRefreshDue(999, 0)).toBe(false);
    expect(statsRefreshDue(1_000, 0)).toBe(true);
  });

  it('then each time the table has (about) doubled since the last analysis', () => {
    expect(statsRefreshDue(1_500, 2_000)).toBe(false);
    expect(statsRefreshDue(2_000, 2_000)).toBe(true);
    expect(statsRefreshDue(40_000, 40_000)).toBe(true);
    expect(statsRefreshDue(39_999, 40_000)).toBe(false);
  });

  it('leaves a big table to autovacuum until it has grown by as much again', () => {
    expect(statsRefreshDue(100_000, 10_000_000)).toBe(false);
    expect(statsRefreshDue(10_000_000, 10_000_000)).toBe(true);
  });
});
