import { describe, expect, it } from '@jest/globals';
import { BUTTON_TEXT_MAX, buttonTextError } from '@shared/snippet-rules';
import { EXAMPLE_BUTTON_TEXT } from './example-email';

describe('the example EyeMail on the account pages', () => {
  it('shows a button text the EyeMail form would take', () => {
    expect(buttonTextError(EXAMPLE_BUTTON_TEXT)).toBeNull();
    expect(EXAMPLE_BUTTON_TEXT.length).toBeLessThanOrEqual(BUTTON_TEXT_MAX);
  });
});
