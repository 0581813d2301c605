// The email HTML of an EyeMail for one platform and the chosen export options.
import type { ExportOptions } from '@shared/snippet-rules';
import { api, type ApiResult } from '@/lib/api-client';

export interface ExportHtml {
  html: string;
  sizeBytes: number;
  platform: string;
}

export function getSnippetHtml(snippetId: string, options: ExportOptions & { emailPlatform: string }, signal?: AbortSignal): Promise<ApiResult<ExportHtml>> {
  return api.get<ExportHtml>(`snippets/${encodeURIComponent(snippetId)}/html`, {
    query: {
      emailPlatform: options.emailPlatform,
      headerText: options.headerText,
      includeHeader: options.includeHeader,
      includeUnsubscribeLink: options.includeUnsubscribeLink,
      removeBranding: options.removeBranding,
      // Sent only when there is one, so the URL stays short.
      preheader: options.preheader || undefined,
    },
    signal,
  });
}
