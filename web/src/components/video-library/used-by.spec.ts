import { describe, expect, it } from '@jest/globals';
import { deleteQuestion, usedByLabel } from './used-by';

describe('usedByLabel', () => {
  it('counts the EyeMails', () => {
    expect(usedByLabel(0)).toBe('Not used in an EyeMail yet');
    expect(usedByLabel(1)).toBe('Used by 1 EyeMail');
    expect(usedByLabel(3)).toBe('Used by 3 EyeMails');
  });
});

describe('deleteQuestion', () => {
  it('asks the spec’s question for an unused video', () => {
    expect(deleteQuestion([])).toEqual({ message: 'Do you really want to delete this video?', canDelete: true });
  });

  it('says a used video cannot be deleted, naming its EyeMails', () => {
    expect(deleteQuestion(['Spring'])).toEqual({
      message: 'This video is used by an EyeMail (“Spring”) and cannot be deleted. Choose another video for it or delete it first.',
      canDelete: false,
    });
    expect(deleteQuestion(['A', 'B', 'C', 'D', 'E']).message).toBe(
      'This video is used by 5 EyeMails (“A”, “B”, “C” and 2 more) and cannot be deleted. Choose another video for them or delete them first.',
    );
  });
});
