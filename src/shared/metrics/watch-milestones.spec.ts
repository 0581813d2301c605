import { milestoneSeconds, milestonesReached, newMilestones } from './watch-milestones.js';

describe('watch milestones', () => {
  it('are reached by the share of the video watched, the end with half a second to spare', () => {
    expect(milestonesReached(7.4, 30)).toEqual([]);
    expect(milestonesReached(7.5, 30)).toEqual([25]);
    expect(milestonesReached(22.5, 30)).toEqual([25, 50, 75]);
    expect(milestonesReached(29.4, 30)).toEqual([25, 50, 75]);
    expect(milestonesReached(29.5, 30)).toEqual([25, 50, 75, 100]);
    expect(milestonesReached(30, 30)).toEqual([25, 50, 75, 100]);
  });

  it('ask a short clip for 95 % before it counts as watched to the end', () => {
    expect(milestoneSeconds(100, 4)).toBeCloseTo(3.8);
    expect(milestonesReached(3.5, 4)).toEqual([25, 50, 75]);
    expect(milestonesReached(3.8, 4)).toEqual([25, 50, 75, 100]);
  });

  it('are none while the length is unknown', () => {
    expect(milestonesReached(100, null)).toEqual([]);
    expect(milestonesReached(100, 0)).toEqual([]);
  });

  it('are new only when a report takes the play past them, each once', () => {
    expect(newMilestones(0, 16, 30)).toEqual([25, 50]);
    expect(newMilestones(16, 23, 30)).toEqual([75]);
    // A rewatch or a late report adds no watched seconds, so nothing again.
    expect(newMilestones(23, 23, 30)).toEqual([]);
    expect(newMilestones(0, 30, 30)).toEqual([25, 50, 75, 100]);
  });
});
