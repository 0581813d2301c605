import { parseHttpUrl } from '../shared/snippet-rules.js';
import type { DestinationKind } from '../shared/click-rules.js';
import { isUuid } from '../shared/uuid.js';

// Decisions of the tracking endpoints (/t/o and /t/c), pure.

// A 1x1 fully transparent GIF89a, 43 bytes: what the open pixel answers.
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

// "<id>.gif" (the exported form) or a bare id; anything else is no snippet.
export function snippetIdFromPixel(param: unknown): string | null {
  if (typeof param !== 'string') return null;
  const id = param.replace(/\.gif$/i, '');
  return isUuid(id) ? id.toLowerCase() : null;
}

// The web view of a snippet for one recipient (the fallback of every click).
export function webViewUrl(publicBaseUrl: string, snippetId: string, receiver: string | null): string {
  const base = publicBaseUrl.replace(/\/+$/, '');
  if (!isUuid(snippetId)) return `${base}/`;
  return `${base}/eyemail/${snippetId.toLowerCase()}${receiver ? `?v=${encodeURIComponent(receiver)}` : ''}`;
}

// Where a click goes: the requested target when it is one of the snippet's own http(s) targets
// (compared after the same normalisation the export used), else the snippet's web view. An
// open redirect to anywhere else is never possible.
export function clickDestination(input: {
  publicBaseUrl: string;
  snippetId: string;
  requested: unknown;
  allowedTargets: readonly string[];
  receiver: string | null;
}): { location: string; toTarget: boolean } {
  const requested = Array.isArray(input.requested) ? input.requested[0] : input.requested;
  const target = parseHttpUrl(requested);
  if (target && input.allowedTargets.includes(target)) return { location: target, toTarget: true };
  return { location: webViewUrl(input.publicBaseUrl, input.snippetId, input.receiver), toTarget: false };
}

// A button's place in the email (1-based), written as b= on its tracked link, so a button whose
// target is also the landing page is still reported as that button.
export const BUTTON_PARAM = 'b';

// What a click is recorded as: where it went (landing page, web view, the call-to-action video
// link, or a button by its label). `target` is where the click was sent (null = the web view);
// the snippet's targets and buttons are as the export normalised them.
export function recordedDestination(input: {
  target: string | null;
  button: unknown;
  landingPageUrl: string | null;
  videoLinkUrl: string | null;
  buttons: readonly { title: string; url: string }[];
}): { kind: DestinationKind; label: string | null } | null {
  const { target, buttons } = input;
  if (target === null) return { kind: 'web-view', label: null };
  const raw = Array.isArray(input.button) ? input.button[0] : input.button;
  const n = typeof raw === 'string' && /^[1-9]\d{0,2}$/.test(raw) ? Number(raw) : 0;
  const hinted = n ? buttons[n - 1] : undefined;
  if (hinted && hinted.url === target) return { kind: 'button', label: hinted.title };
  if (input.landingPageUrl === target) return { kind: 'landing-page', label: null };
  if (input.videoLinkUrl === target) return { kind: 'video-link', label: null };
  const button = buttons.find((b) => b.url === target);
  return button ? { kind: 'button', label: button.title } : null;
}
