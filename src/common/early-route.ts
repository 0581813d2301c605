// Pure URL reading shared by the routes answered ahead of Express (answer-first.ts): the tracking
// addresses (tracking/tracking-http.ts) and the viewer pages (snippets/viewer-http.ts).

// The request target split at its query: the path as sent, and the query without its "?".
export function splitUrl(url: string): { path: string; search: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, search: '' } : { path: url.slice(0, q), search: url.slice(q + 1) };
}

// A path segment decoded as Express decodes a route parameter; a broken escape is left as sent
// (no id of anything either way, so answered as an unknown one, never as an error).
export function decodedSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
