import { describe, expect, it } from '@jest/globals';
import { encodingLabel, mergeProgress, shownProgress } from './encoding-progress';

describe('encoding progress', () => {
  it("shows the server's whole percent, 100 only when completed", () => {
    expect(shownProgress(null)).toBe(0);
    expect(shownProgress({ state: 'active', progress: 42.7 })).toBe(42);
    expect(shownProgress({ state: 'active', progress: 100 })).toBe(99);
    expect(shownProgress({ state: 'queued', progress: -3 })).toBe(0);
    expect(shownProgress({ state: 'completed', progress: 80 })).toBe(100);
  });
  it('never moves back and names each state', () => {
    expect(mergeProgress(40, 35)).toBe(40);
    expect(mergeProgress(40, 41)).toBe(41);
    expect(encodingLabel({ state: 'queued' })).toBe('Waiting for an encoder…');
    expect(encodingLabel({ state: null })).toBe('Waiting for an encoder…');
    expect(encodingLabel({ state: 'active' })).toBe('Encoding for email…');
    expect(encodingLabel({ state: 'failed' })).toBe('Encoding failed');
  });
});
