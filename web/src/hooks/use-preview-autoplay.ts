import { useReducedMotion } from '@mantine/hooks';

// Whether the dashboard's own video previews (the form's preview, the processed video, an
// EyeMail's page) play by themselves, muted and looping. Not when the visitor's system asks for
// reduced motion (WCAG 2.2.2, 2.3.3): they then show their poster with controls and play when
// asked. Read on the first render, so a preview never starts before the setting is known. What
// recipients see (the public viewer, the email) is the product's promise and keeps autoplaying.
export function usePreviewAutoplay(): boolean {
  return !useReducedMotion(false, { getInitialValueInEffect: false });
}
