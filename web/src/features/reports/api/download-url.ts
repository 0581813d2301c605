import { buildUrl, type Query } from '@/lib/api-client';

// The CSV of the filtered records (GET reports/{snippetId}/download). A plain link: the browser
// streams the file to disk, so a report of a million rows never sits in the page's memory.
export function downloadUrl(snippetId: string, query: Query): string {
  return buildUrl(`reports/${encodeURIComponent(snippetId)}/download`, query);
}
