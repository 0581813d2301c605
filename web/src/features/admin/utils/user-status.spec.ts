import { describe, expect, it } from '@jest/globals';
import { statusBadge, statusButtons } from './user-status';

describe('a user status on Manage Users', () => {
  it('says the state in a badge: green Activated, red Deactivated', () => {
    expect(statusBadge(1)).toEqual({ label: 'Activated', color: 'teal' });
    expect(statusBadge(0)).toEqual({ label: 'Deactivated', color: 'red' });
  });

  it('keeps the spec labels: the current state greyed, the other to press', () => {
    expect(statusButtons(1).map((b) => [b.label, b.current, b.color])).toEqual([
      ['Activated', true, 'gray'],
      ['Deactivate', false, 'red'],
    ]);
    expect(statusButtons(0).map((b) => [b.label, b.current, b.color])).toEqual([
      ['Active', false, 'brand'],
      ['Deactivated', true, 'gray'],
    ]);
  });

  it('never shows a deactivated user anything green', () => {
    expect(statusBadge(0).color).not.toBe('teal');
    expect(statusButtons(0).some((b) => b.color === ('teal' as string))).toBe(false);
  });
});
