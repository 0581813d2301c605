export type EncodeStage = 'probe' | 'video' | 'gif' | 'finish' | 'done';

// Whole percent done (0-100, never going back) and the step being worked on.
export type EncodeProgress = (progress: { percent: number; stage: EncodeStage }) => void;

// Pure: a reporter that maps each step's own fraction done (0-1) onto its share of the bar
// (from..to percent) and passes on only whole percents that move the bar forward.
export function progressReporter(onProgress?: EncodeProgress) {
  let last = -1;
  return (stage: EncodeStage, from: number, to: number, fraction: number) => {
    const percent = Math.floor(from + (to - from) * Math.max(0, Math.min(1, fraction)));
    if (percent > last) {
      last = percent;
      onProgress?.({ percent, stage });
    }
  };
}
