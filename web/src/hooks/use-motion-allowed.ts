import { useReducedMotion } from '@mantine/hooks';

// Whether the dashboard may move by itself: its own video previews playing muted and looping (the
// form's preview, the processed video, an EyeMail's page), a progress bar's moving stripes. Not
// when the visitor's system asks for reduced motion (WCAG 2.2.2, 2.3.3): the videos then show their
// poster with controls and play when asked, the bars fill without stripes moving. Read on the first
// render, so a preview never starts before the setting is known. What recipients see (the public
// viewer, the email) is the product's promise and keeps autoplaying.
export function useMotionAllowed(): boolean {
  return !useReducedMotion(false, { getInitialValueInEffect: false });
}
