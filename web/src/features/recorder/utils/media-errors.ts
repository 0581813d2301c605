// Pure: what went wrong with the camera, microphone or screen, in words for the user.
export type MediaKind = 'camera' | 'microphone' | 'screen';

export const UNSUPPORTED_MESSAGE = 'This browser cannot record video. Please use a recent Chrome, Edge, Firefox or Safari.';

export function mediaErrorMessage(error: unknown, kind: MediaKind): string {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  const device = kind === 'microphone' ? 'microphone' : kind === 'camera' ? 'camera' : 'screen';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return kind === 'screen'
        ? 'Screen sharing was cancelled or blocked. Choose Share screen again and pick a screen, window or tab.'
        : `EyeMail is not allowed to use your ${device}. Allow it in your browser's site settings (the icon left of the address), then try again.`;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return kind === 'microphone'
        ? 'No microphone was found. Connect one, or record without sound.'
        : kind === 'camera'
          ? 'No camera was found. Connect a camera, or record your screen instead.'
          : 'There is no screen to share on this device.';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return `Your ${device} is busy or could not start. Close other apps that use it, then try again.`;
    case 'NotSupportedError':
    case 'TypeError':
      return kind === 'screen' ? 'This browser cannot share the screen. Record with the camera instead.' : UNSUPPORTED_MESSAGE;
    default:
      return `We could not start your ${device}. Please try again.`;
  }
}

// The level meter: loudness 0-100 from the analyser's time-domain bytes (128 is silence).
export function levelOf(samples: ArrayLike<number>): number {
  if (!samples.length) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = (samples[i] - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / samples.length);
  // speech sits around 0.05-0.3 rms: a square-root curve spreads it over the bar
  return Math.max(0, Math.min(100, Math.round(Math.sqrt(rms) * 140)));
}
