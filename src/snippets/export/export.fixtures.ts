import type { CtaButton } from '../../shared/snippet-rules.js';

// For the export's unit tests: the heaviest button there is (the longest title allowed, the
// largest sizes), the i-th of an EyeMail's buttons.
export const heaviestButton = (i: number, url: string): CtaButton => ({
  title: `Book seat ${i} now`.slice(0, 16),
  url,
  backgroundColor: '#e4572e',
  fontColor: '#ffffff',
  btnSize: 'large',
  fontSize: 'large',
  radius: 8,
  bold: true,
});
