import { progressReporter, type EncodeStage } from './encode-progress.js';

function reported(calls: [EncodeStage, number, number, number][]) {
  const seen: { percent: number; stage: EncodeStage }[] = [];
  const report = progressReporter((p) => seen.push(p));
  for (const c of calls) report(...c);
  return seen;
}

describe('encode progress', () => {
  it("maps a step's fraction onto its share of the bar, in whole percents", () => {
    expect(reported([['video', 2, 88, 0.5]])).toEqual([{ percent: 45, stage: 'video' }]);
    expect(reported([['gif', 88, 98, 0.99]])).toEqual([{ percent: 97, stage: 'gif' }]);
  });

  it('never goes back, and repeats nothing', () => {
    expect(
      reported([
        ['video', 2, 88, 0.5],
        ['video', 2, 88, 0.5],
        ['video', 2, 88, 0.4],
        ['gif', 88, 98, 0],
        ['done', 100, 100, 1],
      ]),
    ).toEqual([
      { percent: 45, stage: 'video' },
      { percent: 88, stage: 'gif' },
      { percent: 100, stage: 'done' },
    ]);
  });

  it('keeps a fraction out of range within its step', () => {
    expect(reported([['video', 2, 88, -3], ['video', 2, 88, 7]])).toEqual([
      { percent: 2, stage: 'video' },
      { percent: 88, stage: 'video' },
    ]);
  });

  it('reports to nobody without a listener', () => {
    expect(() => progressReporter()('probe', 0, 2, 1)).not.toThrow();
  });
});
