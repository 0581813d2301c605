import { parseHttpUrl } from '../shared/snippet-rules.js';
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
