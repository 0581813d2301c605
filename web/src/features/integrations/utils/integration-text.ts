// Words the integrations page shows, as pure functions (integration-text.spec.ts).

// "Never used", or when, in the viewer's words.
export function lastUsedText(lastUsedAt: string | null, now: Date, format: (iso: string) => string): string {
  if (!lastUsedAt) return 'Never used';
  const ms = now.getTime() - new Date(lastUsedAt).getTime();
  if (ms < 60_000) return 'Used just now';
  if (ms < 3_600_000) return `Used ${Math.floor(ms / 60_000)} min ago`;
  return `Used ${format(lastUsedAt)}`;
}

// What one try of a delivery came to: "200 in 35 ms", "500 in 1.2 s", or why there was no answer.
export function attemptText(a: { statusCode: number | null; durationMs: number; error: string | null }): string {
  const took = a.durationMs < 1000 ? `${a.durationMs} ms` : `${(a.durationMs / 1000).toFixed(1)} s`;
  return a.statusCode !== null ? `${a.statusCode} in ${took}` : `${a.error ?? 'No answer'} (${took})`;
}

// Which EyeMails an endpoint hears of.
export function scopeText(snippetIds: string[] | null, titles: Map<string, string>): string {
  if (!snippetIds) return 'All EyeMails';
  const named = snippetIds.map((id) => titles.get(id) ?? 'a deleted EyeMail');
  return named.length <= 2 ? named.join(', ') : `${named.slice(0, 2).join(', ')} and ${named.length - 2} more`;
}
